from labkit import Checks
from labkit.values import shape_of

checks = Checks()

worked = checks.case("dot", [1, 2, 3], [4, 5, 6])
quiz = checks.case("dot", [2, 0, -1], [3, 5, 4])
right_angle = checks.case("dot", [1, 0], [0, 1])
opposite = checks.case("dot", [3, 4], [-3, -4])
decimals = checks.case("dot", [0.5, -1.5, 2.25], [2, 4, -0.4])
single = checks.case("dot", [3], [7])
empty = checks.case("dot", [], [])
UNEQUAL = ([1, 2, 3], [4, 5])


# --- known mistakes: each is said only when it gives exactly what the learner's dot gave ---


@checks.mistake("dot", "That is the list of the products, one per pair. The dot product is one number: add the products up.")
def list_of_products(a, b):
    return [x * y for x, y in zip(a, b)]


@checks.mistake("dot", "That is what you get by adding each pair (x + y) instead of multiplying them (x * y).")
def adds_pairs(a, b):
    return sum(x + y for x, y in zip(a, b))


@checks.mistake("dot", "That is only the first pair's product: the return is inside the loop, so the function stops after one pair. Return after the loop.")
def returns_in_loop(a, b):
    for x, y in zip(a, b):
        return x * y
    return 0


@checks.mistake("dot", "That is the total of a times the total of b. Multiply the numbers in pairs first, then add the products.")
def sum_times_sum(a, b):
    return sum(a) * sum(b)


# --- checks ---


@checks.check("Returns one number")
def returns_a_number(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text(), t.outcome(worked), "A dot product is one number: the products of the pairs, added up.")


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson works this one through: 1 × 4 + 2 × 5 + 3 × 6.")


@checks.check("The lesson's question")
def lesson_question(t):
    t.require_close(quiz, "Three products, 2 × 3, 0 × 5 and -1 × 4, added up.")


@checks.check("A right angle gives 0, opposite ways a negative number")
def directions(t):
    t.require_close(right_angle, "[1, 0] points right and [0, 1] points up: 1 × 0 + 0 × 1.")
    t.require_close(opposite, "[3, 4] and [-3, -4] point opposite ways: 3 × -3 + 4 × -4.")


@checks.check("Works with decimals and with one number")
def decimals_and_one(t):
    t.require_close(decimals, "Each pair is multiplied, then the three products are added: 1 - 6 - 0.9.")
    t.require_close(single, "A vector of one number: the dot product is just 3 × 7.")


@checks.check("Two empty vectors give 0")
def empty_vectors(t):
    t.require_close(empty, "With no numbers there is nothing to add: the total stays 0.")


@checks.check("Vectors of different lengths raise an error")
def unequal_lengths(t):
    a, b = UNEQUAL
    outcome = t.outcome_with("dot", a, b)
    if not outcome.raised:
        got = t.value(outcome)
        t.fail(
            f"{outcome.text} returned {shape_of(got)}, but a has {len(a)} numbers and b has {len(b)}: "
            "the 3 has no partner, so there is no dot product. zip stops at the shorter list without a word; "
            "compare len(a) and len(b) first and raise a ValueError when they differ."
        )
    if not isinstance(outcome.error, ValueError):
        t.fail(f"{outcome.text} raised {type(outcome.error).__name__}; expected a ValueError, the error Python uses for a value of the wrong size.")

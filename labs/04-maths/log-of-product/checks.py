import math

from labkit import Checks

checks = Checks()

worked = checks.case("log_of_product", [0.5, 0.25, 0.1])
many_tiny = checks.case("log_of_product", [0.01] * 200, shown_as="log_of_product([0.01] * 200)")
one_e = checks.case("log_of_product", [math.e], shown_as="log_of_product([math.e])")
ones = checks.case("log_of_product", [1, 1, 1])
empty = checks.case("log_of_product", [])
halves = checks.case("log_of_product", [0.5, 0.5, 0.5, 0.5])
big_and_small = checks.case("log_of_product", [4, 0.25, 0.9])


# --- known mistakes: each is said only when it gives exactly what the learner's function gave ---


@checks.mistake("log_of_product", "That is what math.log10 gives: the power of 10, not of e. Use math.log, the natural log.")
def log10_instead(ps):
    return sum(math.log10(p) for p in ps)


@checks.mistake("log_of_product", "That is the list of the logs, one per chance. Add them up into one number.")
def list_of_logs(ps):
    return [math.log(p) for p in ps]


@checks.mistake("log_of_product", "That is the logs multiplied together. The log of a product is the sum of the logs: add them.")
def multiplies_logs(ps):
    total = 1
    for p in ps:
        total *= math.log(p)
    return total


@checks.mistake("log_of_product", "That is the sum of the chances themselves: take math.log of each chance before adding.")
def sums_chances(ps):
    return sum(ps)


# --- checks ---


@checks.check("Returns one number")
def returns_a_number(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text(), t.outcome(worked), "The answer is one number: the logs of the chances, added up.")


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson adds the three logs: log(0.5) + log(0.25) + log(0.1).")


@checks.check("200 tiny chances do not round to 0")
def many_tiny_chances(t):
    t.require_close(
        many_tiny,
        "Each log is log(0.01), and there are 200 of them.",
        on_error={"ValueError": "The product of 200 chances of 0.01 is too small for a float: Python rounds it to 0.0, and the log of 0 does not exist. Add the logs of the chances instead of multiplying the chances first."},
    )


@checks.check("The log of e is 1, the log of 1 is 0")
def e_and_one(t):
    t.require_close(one_e, "math.log(math.e) is 1: e to the power 1 is e.")
    t.require_close(ones, "Each log(1) is 0, and 0 + 0 + 0 is 0.")


@checks.check("An empty list gives 0")
def empty_list(t):
    t.require_close(empty, "No chances: the product is 1, and log(1) is 0.")


@checks.check("Works for other chances")
def other_chances(t):
    t.require_close(halves, "Four halves: 4 × log(0.5).")
    t.require_close(big_and_small, "4 × 0.25 is 1, so this is just log(0.9).")

import math

from labkit import Checks

checks = Checks()

# The lesson's example: one query, three books' keys and values.
BOOK_KEYS = [[2, 0], [0, 2], [1, 1]]
BOOK_VALUES = [[10, 0], [0, 10], [5, 5]]
worked = checks.case("attend", [1, 0], BOOK_KEYS, BOOK_VALUES)
one_key = checks.case("attend", [3], [[5]], [[2, 4]])
tie = checks.case("attend", [1], [[1], [1]], [[0], [10]])
wide = checks.case("attend", [1, 1, 1, 1], [[1, 1, 1, 1], [0, 0, 0, 0]], [[1, 0], [0, 1]])
same_values = checks.case("attend", [2, -1], [[1, 3], [4, 0], [-2, 2]], [[3, -1], [3, -1], [3, -1]])
huge = checks.case("attend", [40, 40, 40, 40], [[40, 40, 40, 40], [39, 40, 40, 40]], [[1, 0], [0, 1]])
far_apart = checks.case("attend", [40, 40, 40, 40], [[40, 40, 40, 40], [-40, -40, -40, -40]], [[1, 0], [0, 1]])
five_keys = checks.case(
    "attend",
    [0.5, -1, 2],
    [[1, 0, 1], [0, 1, 0], [2, 2, 2], [-1, 0, 1], [0.5, 0.5, -0.5]],
    [[1, 2, 3], [4, 5, 6], [7, 8, 9], [-1, 0, 1], [0, 0, 0]],
)


# --- known mistakes: each is said only when it gives exactly what the learner's attend gave ---


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def softmax(scores):
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    return [e / sum(exps) for e in exps]


def blend(weights, values):
    columns = zip(*values)  # column i holds number i of every value
    return [sum(weight * number for weight, number in zip(weights, column)) for column in columns]


@checks.mistake("attend", "That is exactly what attention gives when the scores are not divided by √d at all: divide each dot product by the square root of len(q) before the softmax.")
def unscaled(q, keys, values):
    return blend(softmax([dot(q, key) for key in keys]), values)


@checks.mistake("attend", "That is exactly what attention gives when each score is divided by len(q) itself: √d means the square root of len(q), so for 4 numbers divide by 2, not by 4.")
def divided_by_len(q, keys, values):
    return blend(softmax([dot(q, key) / len(q) for key in keys]), values)


@checks.mistake("attend", "That is exactly what you get when the exps are used as weights without dividing each by their total: the weights must add up to 1.")
def not_normalised(q, keys, values):
    scores = [dot(q, key) / math.sqrt(len(q)) for key in keys]
    largest = max(scores)
    return blend([math.exp(score - largest) for score in scores], values)


@checks.mistake("attend", "That is exactly the value of the best-matching key alone. Attention blends: mix every value by its weight instead of taking only the best match.")
def best_match_only(q, keys, values):
    scores = [dot(q, key) / math.sqrt(len(q)) for key in keys]
    return list(values[scores.index(max(scores))])


@checks.mistake("attend", "math.exp overflows above about 709, and these scores are near 3,200. Subtract the largest score from every score before math.exp: the weights stay the same, and exp never sees a huge number.")
def exp_of_raw_scores(q, keys, values):
    exps = [math.exp(dot(q, key) / math.sqrt(len(q))) for key in keys]
    return blend([e / sum(exps) for e in exps], values)


@checks.mistake("attend", "That is exactly what subtracting the smallest score gives: the other scores then sit above 0, 6,400 above it here, and math.exp overflows above about 709. Subtract the largest score instead: every number exp sees is then 0 or below.")
def subtracts_min(q, keys, values):
    scores = [dot(q, key) / math.sqrt(len(q)) for key in keys]
    smallest = min(scores)
    exps = [math.exp(score - smallest) for score in scores]
    return blend([e / sum(exps) for e in exps], values)


# --- checks ---


@checks.check("Returns one number per value dimension")
def returns_a_vector(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text())


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson works this example through: compare your scores, weights and blend with its numbers, one step at a time.")


@checks.check("A single key gets all the attention")
def single_key(t):
    t.require_close(one_key, "With only one key, its weight is 1, so the blend is exactly that key's value, [2, 4].")


@checks.check("Scores are divided by √d")
def scaled_by_sqrt_d(t):
    t.require_close(wide, "Here q and the keys have 4 numbers, so √d is √4 = 2.")


@checks.check("The weights add up to 1")
def weights_sum_to_one(t):
    t.require_close(
        same_values,
        "Every value here is [3, -1], so whatever the scores are, the blend is [3, -1] when the weights add up to 1.",
    )


@checks.check("Attention blends, it does not pick")
def blends_values(t):
    t.require_close(
        tie,
        "The two keys match the query equally well, so each gets half the attention, and the blend lies halfway between the two values.",
    )


@checks.check("Large scores do not overflow")
def large_scores(t):
    t.require_close(huge, "The scores here are about 3,200; the first key wins by 20.")


@checks.check("Scores far apart do not overflow")
def far_apart_scores(t):
    t.require_close(
        far_apart,
        "The scores here are 3,200 and -3,200: the first key takes all the attention.",
        on_error={"OverflowError": "math.exp overflows above about 709, and these scores lie 6,400 apart. Subtract the largest score, 3,200, from every score before math.exp: exp then sees 0 and -6,400, and neither overflows."},
    )


@checks.check("Works for five keys of length 3")
def five_keys_of_three(t):
    t.require_close(five_keys)

from labkit import Checks

checks = Checks()

worked = checks.case("attend", [1, 0], [[2, 0], [0, 2], [1, 1]], [[10, 0], [0, 10], [5, 5]])
one_key = checks.case("attend", [3], [[5]], [[2, 4]])
tie = checks.case("attend", [1], [[1], [1]], [[0], [10]])
wide = checks.case("attend", [1, 1, 1, 1], [[1, 1, 1, 1], [0, 0, 0, 0]], [[1, 0], [0, 1]])
same_values = checks.case("attend", [2, -1], [[1, 3], [4, 0], [-2, 2]], [[3, -1], [3, -1], [3, -1]])
huge = checks.case("attend", [40, 40, 40, 40], [[40, 40, 40, 40], [39, 40, 40, 40]], [[1, 0], [0, 1]])
five_keys = checks.case(
    "attend",
    [0.5, -1, 2],
    [[1, 0, 1], [0, 1, 0], [2, 2, 2], [-1, 0, 1], [0.5, 0.5, -0.5]],
    [[1, 2, 3], [4, 5, 6], [7, 8, 9], [-1, 0, 1], [0, 0, 0]],
)


@checks.check("Returns one number per value dimension")
def returns_a_vector(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text())


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "Work through score, softmax and blend for the lesson's example and compare each step.")


@checks.check("A single key gets all the attention")
def single_key(t):
    t.require_close(
        one_key,
        "With only one key, its weight is 1 and the blend is exactly its value. "
        "If you got a bigger number, the weights may not be divided by their total.",
    )


@checks.check("Scores are divided by √d")
def scaled_by_sqrt_d(t):
    t.require_close(
        wide,
        "Here q and the keys have 4 numbers, so divide each score by √4 = 2 before the softmax. "
        "Did you divide each score by √d, using math.sqrt(len(q))?",
    )


@checks.check("The weights add up to 1")
def weights_sum_to_one(t):
    t.require_close(
        same_values,
        "Every value here is [3, -1], so whatever the scores, the blend must be [3, -1]: "
        "the weights must add up to 1. Divide each exp by the sum of all the exps.",
    )


@checks.check("Attention blends, it does not pick")
def blends_values(t):
    t.require_close(
        tie,
        "The two keys match the query equally well, so each gets half the attention and the "
        "blend lies halfway between the values. Mix every value by its weight instead of "
        "taking only the best match.",
    )


@checks.check("Large scores do not overflow")
def subtracts_the_maximum(t):
    t.require_close(
        huge,
        "The scores here are about 3,200.",
        on_error={
            "OverflowError": "math.exp overflows above about 709. Subtract the largest score from "
            "every score before math.exp: the weights stay the same and exp never sees a huge number."
        },
    )


@checks.check("Works for five keys of length 3")
def five_keys_of_three(t):
    t.require_close(five_keys)

import random

from labkit import Checks

checks = Checks()

TOY_X = [1.0, -2.0]
TOY_FC1 = [[1.0, 1.0], [2.0, 0.5], [-1.0, 0.0]]
TOY_FC2 = [[1.0, -1.0, 0.5], [0.0, 2.0, 1.0]]


def table(rows, cols, rng):
    return [[round(rng.gauss(0, 0.5), 3) for _ in range(cols)] for _ in range(rows)]


def sized(seed):
    """A vector and two tables the size of microgpt's MLP: 16 -> 64 -> 16."""
    rng = random.Random(seed)
    return [round(rng.gauss(0, 1), 3) for _ in range(16)], table(64, 16, rng), table(16, 64, rng)


toy = checks.case("mlp", TOY_X, TOY_FC1, TOY_FC2)
all_positive = checks.case("mlp", [1.0, 2.0], [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, -1.0, 0.0]])
all_cut = checks.case("mlp", [1.0, 1.0], [[-1.0, 0.0], [0.0, -2.0], [-1.0, -1.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
negative_out = checks.case("mlp", [2.0, 1.0], [[1.0, 0.0], [0.0, 1.0], [1.0, -3.0]], [[-1.0, -1.0, 0.0], [0.5, -2.0, 1.0]])
negative_x = checks.case("mlp", [-1.0, -2.0], [[-1.0, 0.0], [1.0, 1.0], [0.0, -1.0]], [[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]])
microgpt = checks.case("mlp", *sized(3), shown_as="mlp(x, fc1, fc2) with 16 numbers in, 64 hidden and 16 out, like microgpt's")


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def relu(v):
    return [max(0, h) for h in v]


@checks.mistake("mlp", "That is exactly the two linear layers with no ReLU between them: turn every negative hidden number into 0 before fc2.")
def no_relu(x, fc1, fc2):
    return linear(linear(x, fc1), fc2)


@checks.mistake("mlp", "That is exactly the MLP with ReLU applied once more to fc2's output: ReLU belongs between the layers only, and the output may keep its negative numbers.")
def relu_after_fc2_too(x, fc1, fc2):
    return relu(linear(relu(linear(x, fc1)), fc2))


@checks.mistake("mlp", "That is exactly ReLU applied to fc2's output instead of between the layers: cut the hidden numbers, the ones fc1 makes.")
def relu_at_the_end(x, fc1, fc2):
    return relu(linear(linear(x, fc1), fc2))


@checks.mistake("mlp", "That is exactly ReLU applied to x before fc1 instead of to the hidden numbers: cut what fc1 gives back, not what goes in.")
def relu_on_x(x, fc1, fc2):
    return linear(linear(relu(x), fc1), fc2)


@checks.mistake("mlp", "That is exactly the MLP with fc1 and fc2 the other way round: x meets fc1 first (fc1 has one row per hidden number), and fc2 comes last.")
def swapped(x, fc1, fc2):
    return linear(relu(linear(x, fc2)), fc1)


@checks.mistake("mlp", "That is exactly min(0, h) instead of max(0, h): ReLU keeps the positive numbers and turns the negative ones into 0.")
def min_instead_of_max(x, fc1, fc2):
    return linear([min(0, h) for h in linear(x, fc1)], fc2)


@checks.mistake("mlp", "That is exactly the hidden numbers after ReLU, before fc2: apply the second linear layer to them and return what it gives.")
def stops_before_fc2(x, fc1, fc2):
    return relu(linear(x, fc1))


# --- checks ---


@checks.check("The lesson's toy MLP")
def worked_example(t):
    hint = "fc1 gives the hidden numbers [-1, 1, -1]; ReLU makes them [0, 1, 0]; fc2 then gives the answer."
    got, expected = t.call(toy), t.expected(toy)
    if not t.close(got, expected):  # by hand, so a result of the wrong length still gets its diagnosis
        t.fail(t.mismatch(t.outcome(toy), expected, hint))


@checks.check("When no hidden number is negative, ReLU changes nothing")
def nothing_cut(t):
    t.require_close(all_positive, "fc1 gives [1, 2, 3] here: all positive, so ReLU keeps them all.")


@checks.check("When every hidden number is negative, the output is all 0")
def everything_cut(t):
    t.require_close(all_cut, "fc1 gives only negative numbers here, so ReLU makes them all 0, and fc2 of zeros is zeros.")


@checks.check("The output may be negative")
def output_keeps_sign(t):
    t.require_close(negative_out, "Here fc1 gives [2, 1, -1]; ReLU makes that [2, 1, 0], and fc2 turns it into the answer, whose numbers are both negative.")


@checks.check("ReLU cuts the hidden numbers, not x")
def x_is_not_cut(t):
    t.require_close(negative_x, "Both numbers of x are negative here: fc1 gives [1, -3, 2], ReLU makes that [1, 0, 2], and fc2 turns it into the answer.")


@checks.check("The size of microgpt's MLP: 16 -> 64 -> 16")
def microgpt_size(t):
    t.require_close(microgpt, "fc1 has 64 rows of 16 and fc2 has 16 rows of 64: the answer has 16 numbers.")


@checks.check("Leaves x, fc1 and fc2 as they were")
def leaves_arguments_alone(t):
    t.require_unchanged(toy, "mlp only reads its arguments; the model uses the same tables for every letter.")

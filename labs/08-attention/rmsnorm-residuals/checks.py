from labkit import Checks

checks = Checks()

X = [8, -4, 4, 2]
MEAN_ZERO = [3, -3, 1, -1]
SIXTEEN = [0.12, -0.05, 0.3, -0.21, 0.07, 0.0, -0.16, 0.09, 0.25, -0.02, -0.11, 0.04, 0.18, -0.27, 0.03, 0.06]

worked = checks.case("rmsnorm", X)
mean_zero = checks.case("rmsnorm", MEAN_ZERO)
all_equal = checks.case("rmsnorm", [3, 3, 3, 3])
sixteen = checks.case("rmsnorm", SIXTEEN)
tiny = checks.case("rmsnorm", [0.4, -0.2, 0.2, 0.1])
all_zero = checks.case("rmsnorm", [0, 0, 0, 0])


# Stand-in blocks for residual_block: each takes a list and gives back a list as long.
def double(v):
    return [2 * n for n in v]


def zeros(v):
    return [0 for n in v]


def pass_through(v):
    return list(v)


BLOCKS = {
    double: "double(v) gives back every number of v times 2.",
    zeros: "zeros(v) gives back a list of 0s as long as v.",
    pass_through: "pass_through(v) gives back v unchanged.",
}
with_double = checks.case("residual_block", X, double)
with_zeros = checks.case("residual_block", X, zeros)
with_pass_through = checks.case("residual_block", X, pass_through)


# --- known mistakes in rmsnorm: each is said only when it gives exactly what the learner's gave ---


def mean(numbers):
    return sum(numbers) / len(numbers)


def mean_square(x):
    return sum(v * v for v in x) / len(x)


def divided(x, by):
    return [v / by for v in x]


NO_EPSILON = "That is exactly what you get without the 1e-5: add it to the mean of the squares, before the square root."
EPSILON_OUTSIDE = (
    "That is exactly what you get when 1e-5 is added after the square root. It belongs inside: "
    "add it to the mean of the squares first, then take the square root of that sum."
)
NO_MEAN = (
    "That is exactly what you get from the square root of the sum of the squares: the sum was never "
    "divided by len(x), so you divided by the root of the sum, not of the mean, and every number came out too small."
)
SUM_ITSELF = (
    "That is exactly what you get when you divide by the sum of the squares itself: divide that sum by "
    "len(x) to get the mean, add 1e-5, take the square root, and divide by that."
)
NO_ROOT = "That is exactly what you get without the square root: divide by the root mean square, not by the mean square itself."
MULTIPLIED = "That is exactly what you get when you multiply by the root mean square; RMSNorm divides by it."
MEAN_OF_X = (
    "That is exactly what you get when you divide by the mean of x itself. Square each number first, then take "
    "the mean of the squares: that way -3 counts as much as 3, and the numbers cannot cancel out."
)
LAYER_NORM = (
    "That is exactly what you get when the mean is subtracted first. That is LayerNorm, a different normaliser: "
    "RMSNorm leaves the mean alone and only divides every number by the root mean square."
)
IN_PLACE = (
    "That is exactly what you get when rmsnorm writes its results into x itself: the list the caller passed in "
    "changes. Build a new list for the result and leave x as it was."
)


@checks.mistake("rmsnorm", NO_EPSILON)
def without_epsilon(x):
    return divided(x, mean_square(x) ** 0.5)


@checks.mistake("rmsnorm", EPSILON_OUTSIDE)
def epsilon_after_the_root(x):
    return divided(x, mean_square(x) ** 0.5 + 1e-5)


@checks.mistake("rmsnorm", NO_MEAN)
def root_of_the_sum(x):
    return divided(x, (sum(v * v for v in x) + 1e-5) ** 0.5)


@checks.mistake("rmsnorm", NO_MEAN)
def root_of_the_sum_without_epsilon(x):
    return divided(x, sum(v * v for v in x) ** 0.5)


@checks.mistake("rmsnorm", SUM_ITSELF)
def by_the_sum(x):
    return divided(x, sum(v * v for v in x) + 1e-5)


@checks.mistake("rmsnorm", SUM_ITSELF)
def by_the_sum_without_epsilon(x):
    return divided(x, sum(v * v for v in x))


@checks.mistake("rmsnorm", NO_ROOT)
def by_the_mean_square(x):
    return divided(x, mean_square(x) + 1e-5)


@checks.mistake("rmsnorm", NO_ROOT)
def by_the_mean_square_without_epsilon(x):
    return divided(x, mean_square(x))


@checks.mistake("rmsnorm", MULTIPLIED)
def times_the_root(x):
    return [v * (mean_square(x) + 1e-5) ** 0.5 for v in x]


@checks.mistake("rmsnorm", MULTIPLIED)
def times_the_root_without_epsilon(x):
    return [v * mean_square(x) ** 0.5 for v in x]


@checks.mistake("rmsnorm", MEAN_OF_X)
def by_the_mean(x):
    return divided(x, mean(x))


@checks.mistake("rmsnorm", LAYER_NORM)
def layer_norm(x):
    centred = [v - mean(x) for v in x]
    return divided(centred, (mean_square(centred) + 1e-5) ** 0.5)


@checks.mistake("rmsnorm", LAYER_NORM)
def layer_norm_without_epsilon(x):
    centred = [v - mean(x) for v in x]
    return divided(centred, mean_square(centred) ** 0.5)


@checks.mistake("rmsnorm", IN_PLACE)
def in_place(x):
    root = (mean_square(x) + 1e-5) ** 0.5
    for i in range(len(x)):
        x[i] = x[i] / root
    return x


# --- known mistakes in residual_block ---


def normalised(x):
    return divided(x, (mean_square(x) + 1e-5) ** 0.5)


@checks.mistake("residual_block", "That is exactly what you get when the block's output is added to the normalised x. Add it to the original x: the normalised copy is only the block's input.")
def added_to_normalised(x, block):
    n = normalised(x)
    return [a + b for a, b in zip(n, block(n))]


@checks.mistake("residual_block", "That is exactly what you get when the block is given x itself. The block reads the normalised x; only the addition uses the original.")
def block_reads_raw_x(x, block):
    return [a + b for a, b in zip(x, block(x))]


@checks.mistake("residual_block", "That is exactly what the block gives back, with nothing added: a residual connection adds the block's output to x.")
def block_output_only(x, block):
    return block(normalised(x))


@checks.mistake(
    "residual_block",
    "That is exactly what the right steps give with your own rmsnorm: make the rmsnorm checks pass first, "
    "then look at residual_block again.",
    uses=["rmsnorm"],
)
def right_steps_with_your_rmsnorm(x, block, rmsnorm):
    return [a + b for a, b in zip(x, block(rmsnorm(x)))]


# --- checks ---


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(
        worked,
        "The squares of 8, -4, 4 and 2 are 64, 16, 16 and 4. Their mean is 25, and the square root of 25 "
        "(plus 1e-5) is about 5, so every number is divided by about 5.",
    )


@checks.check("Squares come before the mean")
def squares_first(t):
    t.require_close(
        mean_zero,
        "The numbers of x add up to 0 here, but their squares, 9, 9, 1 and 1, do not: the mean square is 5.",
    )


@checks.check("RMSNorm only rescales, it never shifts")
def only_rescales(t):
    t.require_close(all_equal, "All four numbers are 3, so the root mean square is about 3 and each number becomes about 1.")


@checks.check("The result has a mean square of about 1")
def mean_square_is_one(t):
    got = t.call(sixteen)
    expected = t.expected(sixteen)
    t.require_shape(got, expected, sixteen.call_text())
    # Loose on purpose: this check is about the size of the result, not its last digits.
    if abs(mean_square(got) - mean_square(expected)) > 1e-2:
        got_text, expected_text, _ = t.apart(mean_square(got), mean_square(expected))
        said = (
            f"{sixteen.call_text()} (16 numbers, like one microgpt vector) returned numbers whose squares have "
            f"a mean of {got_text}; after RMSNorm that mean is about 1 ({expected_text})."
        )
        t.fail(f"{said} {t.diagnosis(t.outcome(sixteen))}".strip())


@checks.check("Small numbers are scaled up too")
def small_numbers(t):
    t.require_close(
        tiny,
        "These numbers are the lesson's example made 20 times smaller, so RMSNorm scales them up to almost the "
        "same result as before: not quite, because next to numbers this small the 1e-5 is no longer tiny.",
    )


@checks.check("A vector of zeros does not crash")
def zeros_do_not_crash(t):
    t.require_close(
        all_zero,
        on_error={"ZeroDivisionError": "Every number of x is 0 here, so the mean of the squares is 0 too."},
    )


@checks.check("rmsnorm leaves x as it was")
def leaves_x_alone(t):
    t.require_unchanged(worked, "rmsnorm returns a new list; the x it was given must stay as it was, because residual_block adds the original x back.")


@checks.check("residual_block adds the block's output to x")
def adds_block_output(t):
    t.require_close(with_double, BLOCKS[double] + " So the answer is x + 2 × rmsnorm(x).")


@checks.check("A block that adds nothing leaves x as it was")
def nothing_added(t):
    t.require_close(with_zeros, BLOCKS[zeros] + f" So x plus nothing must be x itself, {X}.")


@checks.check("The block reads the normalised x")
def block_reads_normalised(t):
    t.require_close(with_pass_through, BLOCKS[pass_through] + " So the answer is x + rmsnorm(x).")

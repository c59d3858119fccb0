from labkit import CheckFailed, Checks, close, show

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
    double: "double(v) gives back every number of v times 2",
    zeros: "zeros(v) gives back a list of 0s as long as v",
    pass_through: "pass_through(v) gives back v unchanged",
}
with_double = checks.case("residual_block", X, double)
with_zeros = checks.case("residual_block", X, zeros)
with_pass_through = checks.case("residual_block", X, pass_through)

ADD_EPSILON = (
    "x is all zeros, so the mean of its squares is 0, and so is its square root: dividing by it "
    "raises ZeroDivisionError. Add 1e-5 to the mean of the squares before taking the root, as "
    "microgpt does: (mean_square + 1e-5) ** 0.5 is never 0."
)
MEAN_OF_X = (
    "Did you divide by the mean of x? Square each number first, then take the mean of the squares, "
    "then its square root: that way -3 counts as much as 3, and the numbers cannot cancel out."
)
SUBTRACTED_MEAN = (
    "Did you subtract the mean first? That is LayerNorm, a different normaliser: RMSNorm leaves the "
    "mean alone and only divides every number by the root mean square."
)
RECIPE = "Square every number, take the mean of the squares, add 1e-5, take the square root, and divide every number by it."


def mean(numbers):
    return sum(numbers) / len(numbers)


def likely_mistake(x, got):
    """Advice for the mistake whose result matches `got`, or None."""
    sum_squares = sum(v * v for v in x)
    mean_square = sum_squares / len(x)
    centred = [v - mean(x) for v in x]
    layer_norm = [c / (mean([c * c for c in centred]) + 1e-5) ** 0.5 for c in centred]
    guesses = [
        # (what that mistake returns, how close counts as a match, advice)
        ([v / mean_square**0.5 for v in x] if mean_square else None, 1e-9,
         "Did you forget the 1e-5? Add it to the mean of the squares before taking the square root."),
        ([v / sum_squares**0.5 for v in x] if sum_squares else None, 1e-3,
         "Did you forget to divide the sum of the squares by len(x)? Without it you divide by the root "
         "of the sum, not the root of the mean, and every number comes out too small."),
        ([v / sum_squares for v in x] if sum_squares else None, 1e-3,
         "It looks like you divided by the sum of the squares itself: divide that sum by len(x) to get "
         "the mean, then take the square root of it (after adding 1e-5), and divide by that."),
        ([v / mean_square for v in x] if mean_square else None, 1e-3,
         "Did you forget the square root? Divide by (mean_square + 1e-5) ** 0.5, not by the mean square itself."),
        ([v * mean_square**0.5 for v in x], 1e-3,
         "You multiplied by the root mean square; divide by it instead (or multiply by "
         "(mean_square + 1e-5) ** -0.5, which is one over the root)."),
        ([v / mean(x) for v in x] if mean(x) else None, 1e-3, MEAN_OF_X),
        (layer_norm, 1e-3, SUBTRACTED_MEAN),
    ]
    for result, tolerance, advice in guesses:
        if result is not None and close(got, result, tolerance):
            return advice
    return None


def require_rmsnorm(t, case, hint, on_error=None):
    """Like t.require_close, but a result that matches a known mistake gets that mistake's advice."""
    try:
        got = t.call(case)
    except CheckFailed as failure:
        advice = [text for name, text in (on_error or {}).items() if f" raised {name}" in str(failure)]
        raise CheckFailed("\n".join([str(failure), *advice])) from None
    expected = t.expected(case)
    text = case.call_text()
    t.require_shape(got, expected, text)
    if not close(got, expected, t.tolerance):
        advice = likely_mistake(case.args[0], got) or hint
        t.fail(f"{text} returned {show(got)}; expected {show(expected)}. {advice}")
    return got


def crashes(t, x):
    try:
        t.call_with("rmsnorm", x)
    except CheckFailed:
        return True
    return False


def require_residual(t, case, hint):
    x, block = case.args
    text = f"residual_block({show(x)}, {block.__name__})"
    got = t.call_with("residual_block", x, block, text=text)
    expected = t.expected(case)
    t.require_shape(got, expected, text)
    if not close(got, expected, t.tolerance):
        t.fail(f"{text} returned {show(got)}; expected {show(expected)}. {BLOCKS[block]}. {hint}")


@checks.check("The worked example from the lesson")
def worked_example(t):
    require_rmsnorm(
        t,
        worked,
        "The squares of 8, -4, 4 and 2 are 64, 16, 16 and 4. Their mean is 25, and the square root "
        "of 25 (plus 1e-5) is about 5, so every number should be divided by about 5.",
    )


@checks.check("Squares come before the mean")
def squares_first(t):
    require_rmsnorm(
        t,
        mean_zero,
        "The squares of 3, -3, 1 and -1 are 9, 9, 1 and 1, so the mean square is 5 and every number "
        "is divided by the square root of 5 (plus 1e-5).",
        on_error={"ZeroDivisionError": "The numbers in x add up to 0, so their mean is 0. " + MEAN_OF_X},
    )


@checks.check("RMSNorm only rescales, it never shifts")
def only_rescales(t):
    require_rmsnorm(
        t,
        all_equal,
        "All four numbers are 3, so the root mean square is about 3 and each number should become "
        "about 1. RMSNorm divides every number by the same amount.",
        on_error={
            "ZeroDivisionError": "All four numbers are equal, so subtracting their mean leaves only zeros. "
            + SUBTRACTED_MEAN
        },
    )


@checks.check("The result has a mean square of about 1")
def mean_square_is_one(t):
    got = t.call(sixteen)
    expected = t.expected(sixteen)
    text = sixteen.call_text()
    t.require_shape(got, expected, text)
    got_mean_square = mean([v * v for v in got])
    expected_mean_square = mean([v * v for v in expected])
    # Loose on purpose: this check is about the size of the result, not its last digits.
    if not close(got_mean_square, expected_mean_square, 1e-2):
        advice = likely_mistake(SIXTEEN, got) or RECIPE
        t.fail(
            f"{text} (16 numbers, like one microgpt vector) returned {show(got)}. The mean of the squares "
            f"of those numbers is {show(got_mean_square)}, but after RMSNorm it should be about 1 "
            f"({show(expected_mean_square)}). {advice}"
        )


@checks.check("Small numbers are scaled up too")
def small_numbers(t):
    require_rmsnorm(
        t,
        tiny,
        "These numbers are the lesson's example made 20 times smaller, so RMSNorm should scale them up "
        "to about the same result as before. With numbers this small, the 1e-5 makes a visible "
        "difference: add it to the mean of the squares, inside the square root.",
    )


@checks.check("A vector of zeros does not crash")
def zeros_do_not_crash(t):
    try:
        got = t.call(all_zero)
    except CheckFailed as failure:
        if " raised ZeroDivisionError" not in str(failure):
            raise
        advice = ADD_EPSILON
        if crashes(t, MEAN_ZERO):
            advice = (
                "Your rmsnorm also crashes on [3, -3, 1, -1], whose squares are not all 0. "
                + MEAN_OF_X
            )
        raise CheckFailed(f"{failure}\n{advice}") from None
    expected = t.expected(all_zero)
    t.require_shape(got, expected, all_zero.call_text())
    if not close(got, expected, t.tolerance):
        t.fail(f"{all_zero.call_text()} returned {show(got)}; expected {show(expected)}. {RECIPE}")


@checks.check("residual_block adds the block's output to x")
def adds_block_output(t):
    require_residual(
        t,
        with_double,
        "So the answer is x + 2 × rmsnorm(x): normalise x, pass that to block, and add what block gives "
        "back to x, number by number. (This uses your rmsnorm, so make the rmsnorm checks pass first.)",
    )


@checks.check("A block that adds nothing leaves x as it was")
def nothing_added(t):
    x = with_zeros.args[0]
    text = f"residual_block({show(x)}, zeros)"
    got = t.call_with("residual_block", x, zeros, text=text)
    expected = t.expected(with_zeros)
    t.require_shape(got, expected, text)
    if close(got, expected, t.tolerance):
        return
    advice = f"So x plus nothing must be x itself, {show(x)}: add the block's output to x, number by number."
    try:
        if close(got, t.call_with("rmsnorm", x), t.tolerance):
            advice = (
                "You got rmsnorm(x) back. Add the block's output to the original x, not to the normalised "
                "one: the normalised copy is only the block's input."
            )
    except CheckFailed:
        pass
    t.fail(f"{text} returned {show(got)}; expected {show(expected)}. {BLOCKS[zeros]}. {advice}")


@checks.check("The block reads the normalised x")
def block_reads_normalised(t):
    x = with_pass_through.args[0]
    text = f"residual_block({show(x)}, pass_through)"
    got = t.call_with("residual_block", x, pass_through, text=text)
    expected = t.expected(with_pass_through)
    t.require_shape(got, expected, text)
    if close(got, expected, t.tolerance):
        return
    advice = "Normalise x, pass that to block, and add what block gives back to the original x."
    if close(got, [2 * v for v in x], t.tolerance):
        advice = "You got x + x, so the block was given x itself. Pass rmsnorm(x) to the block, not x."
    t.fail(f"{text} returned {show(got)}; expected {show(expected)}, which is x + rmsnorm(x). {BLOCKS[pass_through]}. {advice}")

from labkit import CheckFailed, Checks, close, show

checks = Checks()

# The lesson's "emma" example: BOS, e, m, m, a.
emma = checks.case(
    "causal_attention",
    [[0, 1], [1, 0], [1, 1], [0, 2], [2, 0]],
    [[1, 0], [0, 1], [1, 1], [2, 0], [1, -1]],
    [[4, 0], [0, 4], [2, 2], [4, 4], [0, 2]],
)
first_only = checks.case(
    "causal_attention",
    [[1, 2], [0, 1], [2, -1]],
    [[3, 1], [-1, 2], [0.5, 0.5]],
    [[7, -2], [1, 1], [0, 5]],
)
# Two calls that agree on positions 0 and 1 and differ only at positions 2 and 3.
FUTURE_QUERIES = [[1, 0], [0, 1], [1, 1], [2, -1]]
FUTURE_KEYS_A = [[1, 1], [0, 2], [3, 0], [0, -3]]
FUTURE_VALUES_A = [[2, 0], [0, 2], [10, 10], [-5, 5]]
FUTURE_KEYS_B = [[1, 1], [0, 2], [-2, 4], [5, 5]]
FUTURE_VALUES_B = [[2, 0], [0, 2], [-8, 3], [6, -6]]
future_a = checks.case("causal_attention", FUTURE_QUERIES, FUTURE_KEYS_A, FUTURE_VALUES_A)
future_b = checks.case("causal_attention", FUTURE_QUERIES, FUTURE_KEYS_B, FUTURE_VALUES_B)
itself = checks.case("causal_attention", [[1, 0], [0, 3]], [[3, 0], [0, 3]], [[1, 0], [0, 1]])
same_values = checks.case(
    "causal_attention",
    [[1, 2], [-1, 0], [2, 2]],
    [[0, 1], [3, -1], [1, 1]],
    [[3, -1], [3, -1], [3, -1]],
)
head_of_four = checks.case(
    "causal_attention",
    [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1], [2, -1, 0, 1], [0.5, 0.5, 0.5, 0.5]],
    [[0, 1, 0, 1], [1, 0, 1, 0], [1, 1, 1, 1], [-1, 0, 2, 0], [0, 2, 0, -1], [1, -1, 1, -1]],
    [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 1, 1], [2, 0, -2, 0]],
)

LEAVES_ITSELF_OUT = (
    "Position t sees positions 0 to t, itself included, but keys[:t] leaves the letter itself out. "
    "Use keys[:t + 1] and values[:t + 1]."
)
# max([]) says this (Python 3.12, as in the browser; older versions say "arg is an empty sequence").
EMPTY_MAX = ("iterable argument is empty", "arg is an empty sequence")
NOTHING_TO_ATTEND = (
    "attend was given an empty list of keys: at position 0, keys[:t] is empty because "
    "keys[:t] leaves the letter itself out. Use keys[:t + 1] and values[:t + 1]."
)


def call(t, case):
    """The learner's result; a crash on an empty list of keys gets advice about the slice."""
    try:
        return t.call(case)
    except CheckFailed as failure:
        if any(text in str(failure) for text in EMPTY_MAX):
            t.fail(f"{failure}\n{NOTHING_TO_ATTEND}")
        raise


def require_close(t, case, hint):
    got = call(t, case)
    expected = t.expected(case)
    t.require_shape(got, expected, case.call_text())
    if not close(got, expected, t.tolerance):
        t.fail(f"{case.call_text()} returned {show(got)}; expected {show(expected)}. {hint}")


@checks.check("Returns one output per position")
def one_output_per_position(t):
    got = call(t, emma)
    expected = t.expected(emma)
    text = emma.call_text()
    wanted = len(expected)
    if isinstance(got, list) and all(isinstance(item, list) for item in got) and len(got) != wanted:
        advice = "Loop over every position: for t in range(len(queries)) runs t from 0 to the last position."
        if len(got) == 1:
            advice = (
                "Is your return inside the for loop? Then the function stops after the first position. "
                "Move return outputs after the loop (less indented), so the loop can finish first."
            )
        t.fail(
            f"{text} returned {len(got)} output{'s' if len(got) != 1 else ''} for {wanted} positions; "
            f"expected one output for each position, {wanted} in all. {advice}"
        )
    t.require_shape(got, expected, text)


@checks.check("Position 0 sees only itself")
def first_output_is_first_value(t):
    got = call(t, first_only)
    text = first_only.call_text()
    t.require_shape(got, t.expected(first_only), text)
    first_value = first_only.args[2][0]
    if not close(got[0], first_value, t.tolerance):
        t.fail(
            f"{text} returned {show(got[0])} as the output for position 0; expected {show(first_value)}, "
            "which is values[0]. Position 0 can see only itself, so its one key gets all the attention "
            "(weight 1) and its output is exactly its own value. If yours is different, position 0 is "
            "looking at later positions, or its weights do not add up to 1."
        )


@checks.check("Nothing looks at the future")
def no_peeking(t):
    got_a = call(t, future_a)
    got_b = call(t, future_b)
    t.require_shape(got_a, t.expected(future_a), future_a.call_text())
    t.require_shape(got_b, t.expected(future_b), future_b.call_text())
    for position in (0, 1):
        if not close(got_a[position], got_b[position], t.tolerance):
            t.fail(
                f"causal_attention was called twice with the queries {show(FUTURE_QUERIES)}. The keys and "
                "values of positions 0 and 1 were the same both times; only positions 2 and 3 changed "
                f"(keys {show(FUTURE_KEYS_A[2:])} became {show(FUTURE_KEYS_B[2:])}, values "
                f"{show(FUTURE_VALUES_A[2:])} became {show(FUTURE_VALUES_B[2:])}). Yet the output for "
                f"position {position} changed from {show(got_a[position])} to {show(got_b[position])}. "
                "That means it looked at the future: position t must only look at positions 0 to t. "
                "Give attend only keys[:t + 1] and values[:t + 1], not the whole lists (or, if you "
                "use a mask, apply it to the scores before the softmax)."
            )


@checks.check("Each position also looks at itself")
def includes_itself(t):
    got = call(t, itself)
    expected = t.expected(itself)
    text = itself.call_text()
    t.require_shape(got, expected, text)
    if not close(got[1], expected[1], t.tolerance):
        t.fail(
            f"{text} returned {show(got[1])} as the output for position 1; expected {show(expected[1])}. "
            "Position 1's query matches its own key far better than position 0's key, so its output "
            f"should be almost its own value, {show(itself.args[2][1])}. {LEAVES_ITSELF_OUT}"
        )


@checks.check("The weights each position uses add up to 1")
def weights_sum_to_one(t):
    require_close(
        t,
        same_values,
        "Every value here is [3, -1], so whatever the weights, every output must be [3, -1] too, "
        "as long as the weights a position uses add up to 1. If you set the future weights to 0 "
        "after the softmax, the ones left add up to less than 1. Leave the future out before the "
        "softmax (or set its scores to -math.inf), not after.",
    )


@checks.check("The worked example from the lesson")
def worked_example(t):
    require_close(
        t,
        emma,
        "These are the lesson's numbers for BOS, e, m, m, a: compare each of your outputs with "
        "the output of the same step in the lesson.",
    )


@checks.check("Works for 6 positions of 4 numbers, like one microgpt head")
def head_sized(t):
    require_close(
        t,
        head_of_four,
        "For each position t, call attend(queries[t], keys[:t + 1], values[:t + 1]).",
    )

import math

from labkit import Checks, show

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


# --- known mistakes: each is said only when it gives exactly what the learner's code gave.
# Most of them call the learner's own attend (the starter hands it over), as their code does.

STOPS_BEFORE_ITSELF = (
    "That is exactly what you get when position t is given keys[:t] and values[:t]. A slice stops just "
    "before its end, so those are the positions before t: the letter itself is left out, and at position 0 "
    "nothing is left at all."
)


@checks.mistake("causal_attention", STOPS_BEFORE_ITSELF, uses=["attend"])
def stops_before_itself(queries, keys, values, attend):
    return [attend(queries[t], keys[:t], values[:t]) for t in range(len(queries))]


@checks.mistake(
    "causal_attention",
    "That is exactly what you get when position 0 keeps its own value and every later position t is given "
    "keys[:t] and values[:t]. A slice stops just before its end, so each of those positions leaves itself out.",
    uses=["attend"],
)
def first_keeps_its_value(queries, keys, values, attend):
    return [values[0]] + [attend(queries[t], keys[:t], values[:t]) for t in range(1, len(queries))]


@checks.mistake(
    "causal_attention",
    "That is exactly what you get when position t is given keys[t:] and values[t:]: those are position t "
    "and everything after it, the future, instead of everything up to it.",
    uses=["attend"],
)
def from_t_onwards(queries, keys, values, attend):
    return [attend(queries[t], keys[t:], values[t:]) for t in range(len(queries))]


@checks.mistake(
    "causal_attention",
    "That is exactly what you get when every position is given all the keys and values. Position t may "
    "only see positions 0 to t.",
    uses=["attend"],
)
def sees_everything(queries, keys, values, attend):
    return [attend(queries[t], keys, values) for t in range(len(queries))]


@checks.mistake(
    "causal_attention",
    "That is exactly what you get when the future's weights are set to 0 after the softmax: the weights "
    "left over add up to less than 1. Leave the future out before the softmax.",
)
def zeroed_after_softmax(queries, keys, values):
    outputs = []
    for t, q in enumerate(queries):
        scores = [sum(a * b for a, b in zip(q, key)) / math.sqrt(len(q)) for key in keys]
        exps = [math.exp(score - max(scores)) for score in scores]
        weights = [e / sum(exps) if j <= t else 0 for j, e in enumerate(exps)]
        outputs.append([sum(w * value[i] for w, value in zip(weights, values)) for i in range(len(values[0]))])
    return outputs


@checks.mistake(
    "causal_attention",
    "That is exactly what you get when the loop stops one position early: the last position gets no output.",
    uses=["attend"],
)
def one_short(queries, keys, values, attend):
    return [attend(queries[t], keys[: t + 1], values[: t + 1]) for t in range(len(queries) - 1)]


@checks.mistake(
    "causal_attention",
    "That is exactly the output of position 0 alone: the function returned after the first pass of the loop. "
    "Is your return inside the for loop? Then it ends the function on the first position.",
    uses=["attend"],
)
def returns_after_one(queries, keys, values, attend):
    return [attend(queries[0], keys[:1], values[:1])]


# --- checks ---


@checks.check("Returns one output per position")
def one_output_per_position(t):
    got = t.call(emma)
    expected = t.expected(emma)
    wanted = len(expected)
    if isinstance(got, list) and all(isinstance(item, list) for item in got) and len(got) != wanted:
        t.fail(
            f"{emma.call_text()} returned {len(got)} output{'s' if len(got) != 1 else ''} for {wanted} positions; "
            f"expected one output for each position, {wanted} in all. {t.diagnosis(t.outcome(emma))}".strip()
        )
    t.require_shape(got, expected, emma.call_text())


@checks.check("Position 0 sees only itself")
def first_output_is_first_value(t):
    got = t.call(first_only)
    t.require_shape(got, t.expected(first_only), first_only.call_text())
    first_value = first_only.args[2][0]
    if not t.close(got[0], first_value):
        got_text, value_text, _ = t.apart(got[0], first_value)
        t.fail(
            f"{first_only.call_text()} returned {got_text} as the output for position 0; expected {value_text}, "
            "which is values[0]. Position 0 can see only itself, so its one key gets all the attention "
            f"(weight 1) and its output is exactly its own value. {t.diagnosis(t.outcome(first_only))}".strip()
        )


@checks.check("Nothing looks at the future")
def no_peeking(t):
    got_a = t.call(future_a)
    got_b = t.call(future_b)
    t.require_shape(got_a, t.expected(future_a), future_a.call_text())
    t.require_shape(got_b, t.expected(future_b), future_b.call_text())
    for position in (0, 1):
        if not t.close(got_a[position], got_b[position]):
            before, after, _ = t.apart(got_a[position], got_b[position])
            t.fail(
                f"causal_attention was called twice with the queries {show(FUTURE_QUERIES)}. The keys and "
                "values of positions 0 and 1 were the same both times; only positions 2 and 3 changed "
                f"(keys {show(FUTURE_KEYS_A[2:])} became {show(FUTURE_KEYS_B[2:])}, values "
                f"{show(FUTURE_VALUES_A[2:])} became {show(FUTURE_VALUES_B[2:])}). Yet the output for "
                f"position {position} changed from {before} to {after}, so it depends on positions after it: "
                f"position t must only look at positions 0 to t. {t.diagnosis(t.outcome(future_a))}".strip()
            )


@checks.check("Each position also looks at itself")
def includes_itself(t):
    got = t.call(itself)
    expected = t.expected(itself)
    t.require_shape(got, expected, itself.call_text())
    if not t.close(got[1], expected[1]):
        got_text, expected_text, _ = t.apart(got[1], expected[1])
        t.fail(
            f"{itself.call_text()} returned {got_text} as the output for position 1; expected {expected_text}. "
            "Position 1's query matches its own key far better than position 0's key, so its output "
            f"should be almost its own value, {show(itself.args[2][1])}. {t.diagnosis(t.outcome(itself))}".strip()
        )


@checks.check("The weights each position uses add up to 1")
def weights_sum_to_one(t):
    t.require_close(
        same_values,
        "Every value here is [3, -1], so whatever the weights, every output is [3, -1] too, as long as "
        "the weights a position uses add up to 1.",
    )


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(
        emma,
        "These are the lesson's numbers for BOS, e, m, m, a: compare each of your outputs with the output "
        "of the same step in the lesson.",
    )


@checks.check("Works for 6 positions of 4 numbers, like one microgpt head")
def head_sized(t):
    t.require_close(head_of_four, "Position t's output is attend with queries[t], over the keys and values of positions 0 to t.")

import math

from labkit import Checks, show

checks = Checks()

worked = checks.case("softmax", [2, 1, 0])
big = checks.case("softmax", [1000, 999])
negative = checks.case("softmax", [-1, -2, -3])
single = checks.case("softmax", [5])
tie = checks.case("softmax", [3, 3])
mixed = checks.case("softmax", [0.5, -1.25, 2.0, 0.0])
twenty_seven = checks.case("softmax", [(t % 7) - 3 for t in range(27)], shown_as="softmax(27 logits from -3 to 3)")


# --- known mistakes: each is said only when it gives exactly what the learner's softmax gave ---


NOT_BY_THE_TOTAL = (
    "Those are the exps divided by the largest exp (which, once the largest logit is subtracted, is 1), "
    "or the exps themselves: either way they are not divided by their total. Divide each exp by the sum "
    "of the exps, so the chances add up to 1."
)


@checks.mistake("softmax", NOT_BY_THE_TOTAL)
def divides_by_max(logits):
    largest = max(logits)
    exps = [math.exp(v - largest) for v in logits]
    return [e / max(exps) for e in exps]


@checks.mistake("softmax", NOT_BY_THE_TOTAL)
def exps_only(logits):
    largest = max(logits)
    return [math.exp(v - largest) for v in logits]


@checks.mistake("softmax", "That is each logit divided by the total of the logits, with no exp: take math.exp of each first, so every chance is above 0.")
def no_exp(logits):
    return [v / sum(logits) for v in logits]


@checks.mistake("softmax", "That is what // gives: it rounds every division down to a whole number. Use / to divide.")
def floor_division(logits):
    largest = max(logits)
    exps = [math.exp(v - largest) for v in logits]
    return [e // sum(exps) for e in exps]


OVERFLOW = {"OverflowError": "math.exp overflows above about 709.78, and these logits are 1000 and 999. Subtract the largest logit from every logit before math.exp: the chances stay the same, and exp never sees a number above 0."}


# --- checks ---


@checks.check("Returns one chance per logit")
def one_per_logit(t):
    got, expected = t.call(worked), t.expected(worked)
    if not isinstance(got, list) or len(got) != len(expected):
        t.fail(f"{worked.call_text()} returned {show(got)}; expected a list of {len(expected)} chances, {show(expected)}. {t.diagnosis(t.outcome(worked))}".strip())


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson works this through: exps of [0, -1, -2], each divided by their total.")


@checks.check("The chances add up to 1")
def adds_to_one(t):
    got = t.require_close(mixed, "Every chance is an exp divided by the total of the exps.")
    if abs(sum(got) - 1) > 1e-9:
        t.fail(f"{mixed.call_text()} returned chances that add up to {sum(got)}, not 1.")


@checks.check("Big logits do not overflow")
def big_logits(t):
    t.require_close(big, "Only the gap of 1 matters: these are the chances of [0, -1].", on_error=OVERFLOW)


@checks.check("Negative logits, one logit and a tie")
def edge_cases(t):
    t.require_close(negative, "Negative logits still give chances above 0: exp is always positive.")
    t.require_close(single, "With one logit, all the chance goes to it: [1.0].")
    t.require_close(tie, "Two equal logits share the chance equally.")


@checks.check("Works for 27 logits, as many as microgpt has")
def many_logits(t):
    t.require_close(twenty_seven)


@checks.check("logits is left as it was")
def unchanged(t):
    t.require_unchanged(mixed, "Build a new list of chances; do not change the logits list you were given.")

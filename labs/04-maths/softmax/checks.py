import math

from labkit import Checks

checks = Checks()

worked = checks.case("softmax", [2, 1, 0])
big = checks.case("softmax", [1000, 999])
far_apart = checks.case("softmax", [-1000, 0, 1000])
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


@checks.mistake("softmax", "That is exactly what subtracting the smallest logit gives: the other logits then sit above 0, 2000 above it here, and math.exp overflows above about 709.78. Subtract the largest logit instead: every number exp sees is then 0 or below.")
def subtracts_min(logits):
    smallest = min(logits)
    exps = [math.exp(v - smallest) for v in logits]
    return [e / sum(exps) for e in exps]


FAR_APART = {"OverflowError": "math.exp overflows above about 709.78, and these logits lie 2000 apart. Subtract the largest logit, 1000, from every logit before math.exp: the numbers exp sees are then -2000, -1000 and 0, and none of them overflows."}

OVERFLOW = {"OverflowError": "math.exp overflows above about 709.78, and these logits are 1000 and 999. Subtract the largest logit from every logit before math.exp: the chances stay the same, and exp never sees a number above 0."}


# --- checks ---


@checks.check("Returns one chance per logit")
def one_per_logit(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text(), t.outcome(worked), "softmax gives back one chance for each logit, in the same order.")


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson works this through: exps of [0, -1, -2], each divided by their total.")


@checks.check("The chances add up to 1")
def adds_to_one(t):
    got = t.require_close(mixed, "Every chance is an exp divided by the total of the exps.")
    if abs(sum(got) - 1) > 1e-9:
        t.fail(f"{mixed.call_text()} returned chances that add up to {t.apart(sum(got), 1)[0]}, not 1.")


@checks.check("Big logits do not overflow")
def big_logits(t):
    t.require_close(big, "Only the gap of 1 matters: these are the chances of [0, -1].", on_error=OVERFLOW)


@checks.check("Logits far apart do not overflow")
def far_apart_logits(t):
    t.require_close(far_apart, "The largest logit is 1000 bigger than the next: it takes all the chance, and the others get almost none.", on_error=FAR_APART)


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

import math

from labkit import Checks

checks = Checks()

worked = checks.case("softmax_t", [2, 1, 0], 0.5)
hot = checks.case("softmax_t", [2, 1, 0], 2)
plain = checks.case("softmax_t", [0.5, -1.25, 2.0, 0.0], 1)
big = checks.case("softmax_t", [1000, 999], 0.5)
far_apart = checks.case("softmax_t", [500, 0, -500], 0.5)
very_cold = checks.case("softmax_t", [1, 0.5, 0], 0.1)
very_hot = checks.case("softmax_t", [3, -3, 1], 100)
tie = checks.case("softmax_t", [4, 4], 0.25)


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(v - largest) for v in logits]
    return [e / sum(exps) for e in exps]


# --- known mistakes: each is said only when it gives exactly what the learner's softmax_t gave ---


@checks.mistake("softmax_t", "Those are the chances with each logit multiplied by t. Temperature divides: logit / t, so that t below 1 sharpens the chances.")
def multiplies(logits, t):
    return softmax([v * t for v in logits])


@checks.mistake("softmax_t", "Those are the chances at temperature 1, as if t were not there (adding t to every logit, or dividing after it is used, changes nothing). Divide each logit by t before the softmax.")
def ignores_t(logits, t):
    return softmax(logits)


@checks.mistake("softmax_t", "That is plain softmax with each chance then divided by t: the chances no longer add up to 1. Divide the logits by t before the softmax, not the chances after it.")
def divides_chances(logits, t):
    return [p / t for p in softmax(logits)]


@checks.mistake("softmax_t", "That is each exp divided by t, not by the total of the exps: the chances must add up to 1.")
def exps_over_t(logits, t):
    largest = max(logits)
    return [math.exp(v - largest) / t for v in logits]


@checks.mistake("softmax_t", "That is exactly what subtracting the smallest of the divided logits gives: the others then sit above 0, 2000 above it here, and math.exp overflows above about 709. Subtract the largest of the divided logits instead: every number exp sees is then 0 or below.")
def subtracts_min(logits, t):
    scaled = [v / t for v in logits]
    smallest = min(scaled)
    exps = [math.exp(s - smallest) for s in scaled]
    return [e / sum(exps) for e in exps]


FAR_APART = {"OverflowError": "Divided by 0.5, these logits become 1000, 0 and -1000, 2000 apart: math.exp overflows above about 709. Subtract the largest of the divided logits, 1000, before math.exp: exp then sees 0, -1000 and -2000."}

OVERFLOW = {"OverflowError": "Divided by 0.5, these logits become 2000 and 1998: math.exp overflows above about 709. Subtract the largest of the divided logits before math.exp."}


# --- checks ---


@checks.check("Returns one chance per logit")
def one_per_logit(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text(), t.outcome(worked), "It gives back one chance for each logit, in the same order.")


@checks.check("Temperature 0.5, from the lesson's table")
def cold(t):
    t.require_close(worked, "At t = 0.5 the logits become [4, 2, 0] before the softmax.")


@checks.check("Temperature 2, from the lesson's table")
def warm(t):
    t.require_close(hot, "At t = 2 the logits become [1, 0.5, 0] before the softmax.")


@checks.check("Temperature 1 is plain softmax")
def one(t):
    t.require_close(plain, "Dividing by 1 changes nothing: these are the plain softmax chances.")


@checks.check("Big logits at a low temperature do not overflow")
def big_logits(t):
    t.require_close(big, "Only the gap matters: after dividing, it is 2.", on_error=OVERFLOW)


@checks.check("Logits far apart do not overflow")
def far_apart_logits(t):
    t.require_close(far_apart, "Divided by 0.5, the logits are 1000 apart: the first takes all the chance.", on_error=FAR_APART)


@checks.check("Very low and very high temperatures")
def extremes(t):
    t.require_close(very_cold, "At t = 0.1 the logits become [10, 5, 0]: the first takes nearly all the chance.")
    t.require_close(very_hot, "At t = 100 the logits become [0.03, -0.03, 0.01]: the chances are nearly equal.")
    t.require_close(tie, "Equal logits stay equal at any temperature.")


@checks.check("logits is left as it was")
def unchanged(t):
    t.require_unchanged(worked, "Build new lists; do not write the divided logits back into the list you were given.")

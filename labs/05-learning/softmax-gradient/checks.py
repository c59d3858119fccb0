import math

from labkit import Checks

checks = Checks()


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(score - largest) for score in logits]
    total = sum(exps)
    return [e / total for e in exps]


TOY = softmax([2.0, 1.0, 0.0])  # the lesson's toy scores for "m", "i", "a"
worked = checks.case("logit_grads", TOY, 0, shown_as="logit_grads(softmax([2, 1, 0]), 0)")
middle = checks.case("logit_grads", [0.25, 0.5, 0.25], 1)
last = checks.case("logit_grads", [0.1, 0.2, 0.3, 0.4], 3)
sure = checks.case("logit_grads", [0.0, 1.0, 0.0], 1)
uniform = checks.case("logit_grads", [1 / 27] * 27, 0, shown_as="logit_grads([1/27] * 27, 0)")
five = checks.case("logit_grads", softmax([0.5, -1.0, 2.0, 0.0, 1.5]), 2, shown_as="logit_grads(softmax([0.5, -1, 2, 0, 1.5]), 2)")


# --- known mistakes: each is said only when it gives exactly what the learner's logit_grads gave ---


@checks.mistake("logit_grads", "That is exactly probabilities minus a one-hot with its 1 one place too early, at target - 1: put the 1 at index target itself.")
def one_early(probs, target):
    return [p - (1 if index == target - 1 else 0) for index, p in enumerate(probs)]


@checks.mistake("logit_grads", "That is exactly probabilities minus a one-hot with its 1 one place too late, at target + 1: put the 1 at index target itself.")
def one_late(probs, target):
    return [p - (1 if index == target + 1 else 0) for index, p in enumerate(probs)]


@checks.mistake("logit_grads", "That is exactly the one-hot minus the probabilities: every slope has the wrong sign. It is probabilities minus one-hot.")
def flipped(probs, target):
    return [(1 if index == target else 0) - p for index, p in enumerate(probs)]


@checks.mistake("logit_grads", "That is exactly the probabilities themselves: the 1 of the one-hot was never taken away at the target.")
def no_one_hot(probs, target):
    return list(probs)


@checks.mistake("logit_grads", "That is exactly every probability minus 1. The one-hot has its 1 at the target only; everywhere else it is 0, and the slope is the probability itself.")
def minus_one_everywhere(probs, target):
    return [p - 1 for p in probs]


@checks.mistake("logit_grads", "Your logit_grads took 1 from probs[target] inside the list it was given, so the caller's probabilities changed. Build a new list instead.")
def in_place(probs, target):
    probs[target] -= 1
    return probs


def grads_of(t, case):
    """The learner's slopes for `case`: a list with one number per probability, or a failure saying so."""
    got = t.call(case)
    expected = t.expected(case)
    t.require_shape(got, expected, case.call_text(), t.outcome(case), "There is one slope per probability: a list as long as probs.")
    return got


@checks.check("Returns one slope per probability")
def returns_a_list(t):
    grads_of(t, worked)


@checks.check("The toy scores [2, 1, 0], from the lesson")
def worked_example(t):
    grads_of(t, worked)
    t.require_close(worked, "The lesson's table has these three slopes: the right answer, \"m\", is index 0.")


@checks.check("Takes 1 away at the target, and only there")
def at_the_target(t):
    grads_of(t, middle)
    t.require_close(middle, "The right answer is index 1, the middle one: its slope is 0.5 - 1; the others keep their probability.")
    grads_of(t, last)
    t.require_close(last, "The right answer is the last of four, index 3.")


@checks.check("A sure right answer leaves nothing to learn")
def certain(t):
    grads_of(t, sure)
    t.require_close(sure, "The model gave the right answer probability 1 and the others 0: every slope is 0.")


@checks.check("The slopes add up to 0")
def sums_to_zero(t):
    got = grads_of(t, uniform)
    t.require_close(uniform, "27 tokens, each 1/27, and the right answer is the first, index 0.")
    if abs(sum(got)) > 1e-9:
        t.fail(f"The slopes add up to {t.apart(sum(got), 0)[0]}; they should add up to 0.")
    grads_of(t, five)
    t.require_close(five, "Five scores; the right answer is index 2.")


@checks.check("Leaves the probabilities as they were")
def leaves_probs_alone(t):
    t.require_unchanged(worked, "Build a new list of slopes; do not write into probs.")

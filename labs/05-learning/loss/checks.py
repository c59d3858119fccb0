import math

from labkit import Checks

checks = Checks()

TOY = [0.5, 0.3, 0.2]  # the lesson's toy model after "em": "m", "i", "a"
worked = checks.case("nll", TOY, 1)
first = checks.case("nll", TOY, 0)
sure = checks.case("nll", [0.0, 1.0, 0.0], 1)
uniform = checks.case("nll", [1 / 27] * 27, 26, shown_as="nll([1/27] * 27, 26)")
tenth = checks.case("nll", [0.1, 0.9], 0)
last = checks.case("nll", [0.05, 0.15, 0.4, 0.3, 0.1], 4)


# --- known mistakes: each is said only when it gives exactly what the learner's nll gave ---


@checks.mistake("nll", "That is exactly minus the log of the entry just before the right one, probs[target - 1]: the list counts from 0, so the right answer's probability is probs[target] itself.")
def entry_before(probs, target):
    return -math.log(probs[target - 1])


@checks.mistake("nll", "That is exactly minus the log of the entry just after the right one, probs[target + 1]: the right answer's probability is probs[target] itself.")
def entry_after(probs, target):
    return -math.log(probs[target + 1])


@checks.mistake("nll", "That is exactly the log without its minus sign. A probability is at most 1, so its log is 0 or below: put a minus in front to make surprise 0 or more.")
def no_minus(probs, target):
    return math.log(probs[target])


@checks.mistake("nll", "That is exactly minus math.log10 of the probability: the log to base 10. The loss uses the natural log, math.log, so that guessing 1 in 27 costs ln 27.")
def base_ten(probs, target):
    return -math.log10(probs[target])


@checks.mistake("nll", "That is exactly minus the log of the largest probability in the list, whatever came next. The loss looks at the answer that really came: probs[target].")
def largest(probs, target):
    return -math.log(max(probs))


@checks.mistake("nll", "That is exactly minus the log of 1 - p: the chance the model gave to everything else. Surprise is -log of p itself, the right answer's probability.")
def everything_else(probs, target):
    return -math.log(1 - probs[target])


@checks.mistake("nll", "Your nll wrote the surprise into probs[target]: the caller's list now holds it instead of the probability. Keep the surprise in a variable of its own.")
def overwrites(probs, target):
    probs[target] = -math.log(probs[target])
    return probs[target]


# --- checks ---


@checks.check("Returns a number")
def returns_a_number(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text())


@checks.check("The toy model's surprise at \"i\", from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson's table has this one: p is 0.3, so the surprise is -ln 0.3.")


@checks.check("Looks at the entry of the right answer")
def right_entry(t):
    t.require_close(first, "Here the right answer is the first token, index 0, whose probability is 0.5.")
    t.require_close(last, "Here the right answer is the last of five tokens, index 4, whose probability is 0.1.")


@checks.check("No surprise at all for a sure thing")
def certain(t):
    t.require_close(sure, "The model gave the right answer probability 1, so it was not surprised at all: the loss is 0.")


@checks.check("Guessing 1 in 27 costs ln 27")
def uniform_guess(t):
    t.require_close(uniform, f"Every token has probability 1/27 here, so the surprise is ln 27, {math.log(27):.4f}.")


@checks.check("Uses the natural log")
def natural_log(t):
    t.require_close(tenth, f"A probability of 0.1 gives a surprise of ln 10, {math.log(10):.4f}.")


@checks.check("Leaves the list of probabilities as it was")
def leaves_probs_alone(t):
    t.require_unchanged(worked, "Read probs[target]; do not write into the list.")

import math
import random

from labkit import Checks

checks = Checks()

TOY_X = [1.0, 0.5]
TOY_HEAD = [[2.0, 0.0], [0.0, 2.0], [-1.0, 1.0]]


def sized(seed):
    """A vector and an lm_head the size of microgpt's: 16 numbers, 27 tokens."""
    rng = random.Random(seed)
    x = [round(rng.gauss(0, 1), 3) for _ in range(16)]
    return x, [[round(rng.gauss(0, 0.5), 3) for _ in range(16)] for _ in range(27)]


toy = checks.case("next_letter_probs", TOY_X, TOY_HEAD)
tie = checks.case("next_letter_probs", [1.0, 1.0], [[1.0, 0.0], [0.0, 1.0]])
all_negative = checks.case("next_letter_probs", [1.0, 2.0], [[-1.0, -1.0], [-2.0, 0.0], [0.0, -3.0]])
close_large = checks.case("next_letter_probs", [100.0, 100.0], [[5.0, 5.0], [5.0, 4.99]])
huge = checks.case("next_letter_probs", [100.0, 100.0], [[9.0, 1.0], [5.0, 5.0], [0.0, 0.0]])
microgpt = checks.case("next_letter_probs", *sized(5), shown_as="next_letter_probs(x, lm_head) with 16 numbers and 27 tokens, like microgpt's")


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(v - largest) for v in logits]
    return [e / sum(exps) for e in exps]


@checks.mistake("next_letter_probs", "That is exactly the logits, with no softmax: take exp of each logit and divide by their total, so the numbers are positive and add up to 1.")
def logits_only(x, lm_head):
    return linear(x, lm_head)


@checks.mistake("next_letter_probs", "That is exactly each logit divided by the total of the logits: that skips exp, so a negative logit stays negative. Take exp of each first, then divide by the total of the exps.")
def divided_without_exp(x, lm_head):
    logits = linear(x, lm_head)
    return [v / sum(logits) for v in logits]


@checks.mistake("next_letter_probs", "That is exactly the exps without dividing by their total: divide each by the sum of all of them, so the probabilities add up to 1.")
def exps_not_divided(x, lm_head):
    logits = linear(x, lm_head)
    return [math.exp(v - max(logits)) for v in logits]


@checks.mistake("next_letter_probs", "That is exactly the exps without dividing by their total: divide each by the sum of all of them, so the probabilities add up to 1.")
def exps_not_divided_no_max(x, lm_head):
    return [math.exp(v) for v in linear(x, lm_head)]


@checks.mistake("next_letter_probs", "That is exactly the softmax of a column product: one number from each row of lm_head times x. Each token's logit is the dot product of x with that token's whole row, as the starter's linear does for every row.")
def columns(x, lm_head):
    return softmax([sum(row[i] * x[i] for row in lm_head) for i in range(len(x))])


@checks.mistake("next_letter_probs", "That is exactly what subtracting the smallest logit gives: the others then sit above 0, 1,000 above it here, and math.exp overflows above about 709. Subtract the largest logit instead: every number exp sees is then 0 or below.")
def subtracts_min(x, lm_head):
    logits = [sum(wi * xi for wi, xi in zip(row, x)) for row in lm_head]
    smallest = min(logits)
    exps = [math.exp(v - smallest) for v in logits]
    return [e / sum(exps) for e in exps]


# --- checks ---


@checks.check("The lesson's toy lm_head")
def worked_example(t):
    hint = "The logits are [2, 1, -0.5]; their exps, each divided by the total of the exps, are the answer."
    got, expected = t.call(toy), t.expected(toy)
    if not t.close(got, expected):  # by hand, so a result of the wrong length still gets its diagnosis
        t.fail(t.mismatch(t.outcome(toy), expected, hint))


@checks.check("Equal logits give equal probabilities")
def equal(t):
    t.require_close(tie, "Both tokens score 1 here, so each gets a probability of 1/2.")


@checks.check("Negative logits still give positive probabilities")
def negatives(t):
    t.require_close(all_negative, "Every logit is negative here; after exp they are all positive.")


@checks.check("Large logits do not overflow")
def large(t):
    overflow = {"OverflowError": "math.exp of a number above about 709 is too large for a float. Subtract the largest logit from every logit before exp: the probabilities stay the same."}
    t.require_close(close_large, "The logits here are 1,000 and 999: only their gap of 1 matters.", on_error=overflow)
    t.require_close(
        huge,
        "The logits here are 1,000, 1,000 and 0: math.exp(1000) is too large for a float, so subtract the largest logit first.",
        on_error=overflow,
    )


@checks.check("The size of microgpt's lm_head: 27 tokens")
def microgpt_size(t):
    t.require_close(microgpt, "lm_head has 27 rows of 16: the answer has 27 probabilities adding up to 1.")


@checks.check("Leaves x and lm_head as they were")
def leaves_arguments_alone(t):
    t.require_unchanged(toy, "next_letter_probs only reads its arguments; the model uses the same lm_head for every letter.")

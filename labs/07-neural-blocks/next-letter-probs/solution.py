import math


def linear(x, w):
    """w times x: one dot product of x with each row of w (Module 4)."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    logits = linear(x, lm_head)
    largest = max(logits)  # subtracted so that exp never overflows; the answer is the same
    exps = [math.exp(logit - largest) for logit in logits]
    total = sum(exps)
    return [e / total for e in exps]


# The lesson's toy: a vector of 2 numbers, 3 tokens (a, b, BOS).
x = [1.0, 0.5]
lm_head = [[2.0, 0.0], [0.0, 2.0], [-1.0, 1.0]]
print(next_letter_probs(x, lm_head))

import math


def linear(x, w):
    """w times x: one dot product of x with each row of w (Module 4)."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    # 1. The logits: one score per token, from lm_head and x.
    # 2. Softmax: exp of each logit (minus the largest), each divided by their total.
    return []


# The lesson's toy: a vector of 2 numbers, 3 tokens (a, b, BOS).
x = [1.0, 0.5]
lm_head = [[2.0, 0.0], [0.0, 2.0], [-1.0, 1.0]]
print(next_letter_probs(x, lm_head))

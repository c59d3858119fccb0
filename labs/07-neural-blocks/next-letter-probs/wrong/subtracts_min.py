# expect: That is exactly what subtracting the smallest
import math


def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    logits = linear(x, lm_head)
    smallest = min(logits)
    exps = [math.exp(logit - smallest) for logit in logits]
    total = sum(exps)
    return [e / total for e in exps]

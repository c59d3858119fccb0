# expect: math.exp of a number above about 709 is too large
import math


def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    exps = [math.exp(logit) for logit in linear(x, lm_head)]
    return [e / sum(exps) for e in exps]

# expect: but returned None. print only shows a value on the screen
import math


def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    logits = linear(x, lm_head)
    exps = [math.exp(logit - max(logits)) for logit in logits]
    print([e / sum(exps) for e in exps])

# expect: That is what // gives
import math


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(logit - largest) for logit in logits]
    total = sum(exps)
    return [e // total for e in exps]

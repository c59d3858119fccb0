# expect: not divided by their total
import math


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(logit - largest) for logit in logits]
    return [e / max(exps) for e in exps]

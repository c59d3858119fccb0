# expect: changed
import math


def softmax_t(logits, t):
    for i in range(len(logits)):
        logits[i] = logits[i] / t
    largest = max(logits)
    exps = [math.exp(logit - largest) for logit in logits]
    return [e / sum(exps) for e in exps]

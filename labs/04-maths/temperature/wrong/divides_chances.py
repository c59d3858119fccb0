# expect: the chances no longer add up to 1
import math


def softmax_t(logits, t):
    largest = max(logits)
    exps = [math.exp(logit - largest) for logit in logits]
    chances = [e / sum(exps) for e in exps]
    return [chance / t for chance in chances]

# expect: each exp divided by t, not by the total of the exps
import math


def softmax_t(logits, t):
    largest = max(logits)
    return [math.exp(logit - largest) / t for logit in logits]

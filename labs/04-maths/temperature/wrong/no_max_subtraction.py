# expect: math.exp overflows above about 709
import math


def softmax_t(logits, t):
    exps = [math.exp(logit / t) for logit in logits]
    total = sum(exps)
    return [e / total for e in exps]

# expect: math.exp overflows above about 709.78
import math


def softmax(logits):
    exps = [math.exp(logit) for logit in logits]
    total = sum(exps)
    return [e / total for e in exps]

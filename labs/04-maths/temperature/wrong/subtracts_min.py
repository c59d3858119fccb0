# expect: That is exactly what subtracting the smallest
import math


def softmax_t(logits, t):
    scaled = [logit / t for logit in logits]
    smallest = min(scaled)
    exps = [math.exp(s - smallest) for s in scaled]
    total = sum(exps)
    return [e / total for e in exps]

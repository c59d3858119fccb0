# expect: That is exactly what subtracting the smallest
import math


def softmax(logits):
    smallest = min(logits)
    exps = [math.exp(v - smallest) for v in logits]
    total = sum(exps)
    return [e / total for e in exps]

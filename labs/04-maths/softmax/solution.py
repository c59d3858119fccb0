import math


def softmax(logits):
    # Subtracting the largest changes no chance, and keeps math.exp from overflowing.
    largest = max(logits)
    exps = [math.exp(logit - largest) for logit in logits]
    total = sum(exps)
    return [e / total for e in exps]


print(softmax([2, 1, 0]))

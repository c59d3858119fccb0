import math


def softmax_t(logits, t):
    chances = []
    # 1. Divide each logit by t.
    # 2. Softmax those: subtract the largest, math.exp each, divide by their total.

    return chances


print(softmax_t([2, 1, 0], 0.5))

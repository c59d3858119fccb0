import math


def softmax(logits):
    chances = []
    # 1. Find the largest logit.
    # 2. For each logit: math.exp of (logit minus the largest).
    # 3. Divide each of those by their total.

    return chances


print(softmax([2, 1, 0]))

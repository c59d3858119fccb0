import math


def attend(q, keys, values):
    # 1. Score: the dot product of q with each key, divided by sqrt(len(q)).
    scores = []

    # 2. Softmax: subtract the largest score, take exp, divide by the total.
    weights = []

    # 3. Blend: for each position j of the values, add up weight * value[j].
    blend = []
    return blend


print(attend([1, 0], [[2, 0], [0, 2], [1, 1]], [[10, 0], [0, 10], [5, 5]]))

# expect: each score is divided by len(q) itself
import math


def attend(q, keys, values):
    # 1. Score: the dot product of q with each key, divided by len(q).
    scores = [sum(a * b for a, b in zip(q, key)) / len(q) for key in keys]

    # 2. Softmax: subtract the largest score, take exp, divide by the total.
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    weights = [e / sum(exps) for e in exps]

    # 3. Blend: for each position j of the values, add up weight * value[j].
    blend = []
    for j in range(len(values[0])):
        blend.append(sum(w * value[j] for w, value in zip(weights, values)))
    return blend


print(attend([1, 0], [[2, 0], [0, 2], [1, 1]], [[10, 0], [0, 10], [5, 5]]))

# expect: each score is divided by len(q) itself
import math


def attend(q, keys, values):
    scores = []
    for key in keys:
        scores.append(sum(qi * ki for qi, ki in zip(q, key)) / len(q))
    top = max(scores)
    powers = [math.exp(s - top) for s in scores]
    weights = [p / sum(powers) for p in powers]
    output = []
    for i in range(len(values[0])):
        output.append(sum(weight * value[i] for weight, value in zip(weights, values)))
    return output

# expect: the weights must add up to 1
import math


def attend(q, keys, values):
    root_d = math.sqrt(len(q))
    scores = [sum(qi * ki for qi, ki in zip(q, key)) / root_d for key in keys]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    output = []
    for i in range(len(values[0])):
        output.append(sum(weight * value[i] for weight, value in zip(weights, values)))
    return output

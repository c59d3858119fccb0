# expect: That is exactly what subtracting the smallest
import math


def attend(q, keys, values):
    root_d = math.sqrt(len(q))
    scores = [sum(qi * ki for qi, ki in zip(q, key)) / root_d for key in keys]
    bottom = min(scores)
    powers = [math.exp(s - bottom) for s in scores]
    weights = [p / sum(powers) for p in powers]
    return [sum(w * value[i] for w, value in zip(weights, values)) for i in range(len(values[0]))]

# expect: Subtract the largest score from every score before math.exp
import math


def attend(q, keys, values):
    root_d = math.sqrt(len(q))
    scores = [sum(qi * ki for qi, ki in zip(q, key)) / root_d for key in keys]
    powers = [math.exp(s) for s in scores]
    weights = [p / sum(powers) for p in powers]
    return [sum(weight * value[i] for weight, value in zip(weights, values)) for i in range(len(values[0]))]

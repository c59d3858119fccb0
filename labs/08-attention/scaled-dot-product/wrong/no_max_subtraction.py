# expect: Subtract the largest score from every score before math.exp
import math


def attend(q, keys, values):
    scores = [sum(a * b for a, b in zip(q, key)) / math.sqrt(len(q)) for key in keys]
    exps = [math.exp(score) for score in scores]
    weights = [e / sum(exps) for e in exps]
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(len(values[0]))]

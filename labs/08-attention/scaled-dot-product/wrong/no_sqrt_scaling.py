# expect: when the scores are not divided by √d at all
import math


def attend(q, keys, values):
    scores = [sum(a * b for a, b in zip(q, key)) for key in keys]
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    weights = [e / sum(exps) for e in exps]
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(len(values[0]))]

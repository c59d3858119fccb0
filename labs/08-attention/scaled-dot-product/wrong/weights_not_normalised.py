# expect: the weights must add up to 1
import math


def attend(q, keys, values):
    scores = [sum(a * b for a, b in zip(q, key)) / math.sqrt(len(q)) for key in keys]
    largest = max(scores)
    weights = [math.exp(score - largest) for score in scores]
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(len(values[0]))]

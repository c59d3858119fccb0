# expect: mix every value by its weight instead of taking only the best match
import math


def attend(q, keys, values):
    scores = [sum(a * b for a, b in zip(q, key)) / math.sqrt(len(q)) for key in keys]
    best = scores.index(max(scores))
    return list(values[best])

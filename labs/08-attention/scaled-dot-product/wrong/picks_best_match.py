# expect: mix every value by its weight instead of taking only the best match
import math


def attend(q, keys, values):
    root_d = math.sqrt(len(q))
    scores = [sum(qi * ki for qi, ki in zip(q, key)) / root_d for key in keys]
    winner = scores.index(max(scores))
    return list(values[winner])

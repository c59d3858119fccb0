# expect: That is exactly the average over names
import math

chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def average_loss(P, names):
    per_name = []
    for name in names:
        tokens = encode(name)
        surprises = [-math.log(P[a][b]) for a, b in zip(tokens, tokens[1:])]
        per_name.append(sum(surprises) / len(surprises))
    return sum(per_name) / len(per_name)

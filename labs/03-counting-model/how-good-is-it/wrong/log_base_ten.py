# expect: with math.log10, the log to base 10
import math

chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def average_loss(P, names):
    total = 0
    pairs = 0
    for name in names:
        tokens = encode(name)
        for a, b in zip(tokens, tokens[1:]):
            total += -math.log10(P[a][b])
            pairs += 1
    return total / pairs

import math

chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def average_loss(P, names):
    total = 0
    pairs = 0
    # For every pair (a, b) of every encoded name: add its surprise to total, and count it.

    return total


# A table that gives every token the same chance, 1/27.
P = [[1 / 27] * 27 for _ in range(27)]
print(average_loss(P, ["emma", "ava"]))

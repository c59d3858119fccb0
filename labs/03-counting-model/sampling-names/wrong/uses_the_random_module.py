# expect: using the rng you are given (not the random module's own)
import random

chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    name = ""
    while True:
        token = random.choices(range(27), weights=P[token])[0]
        if token == BOS:
            return name
        name += chars[token]

import random

chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    name = ""
    while True:
        token = rng.choices(range(27), weights=P[token])[0]
        if token == BOS:
            return name
        name += chars[token]


# A table where every row gives each token the same chance, 1/27.
P = [[1 / 27] * 27 for _ in range(27)]
rng = random.Random(42)
print(sample_name(P, rng))

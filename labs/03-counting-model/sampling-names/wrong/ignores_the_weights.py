# expect: rng.choice picks from range(27) without looking at P
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    name = ""
    while True:
        token = rng.choice(range(27))
        if token == BOS:
            return name
        name += chars[token]

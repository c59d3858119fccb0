# expect: the first draw is from row 0
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = 0
    name = ""
    while True:
        token = rng.choices(range(27), weights=P[token])[0]
        if token == BOS:
            return name
        name += chars[token]

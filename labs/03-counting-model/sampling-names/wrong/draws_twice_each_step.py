# expect: draws two tokens at every step
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    name = ""
    while rng.choices(range(27), weights=P[token])[0] != BOS:
        token = rng.choices(range(27), weights=P[token])[0]
        name += chars[token]
    return name

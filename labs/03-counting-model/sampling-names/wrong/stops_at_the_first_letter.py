# expect: returns after the first letter
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = rng.choices(range(27), weights=P[BOS])[0]
    if token == BOS:
        return ""
    return chars[token]

# expect: That is exactly what greedy picking gives
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    name = ""
    while True:
        row = P[token]
        token = row.index(max(row))
        if token == BOS:
            return name
        name += chars[token]

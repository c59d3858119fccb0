# expect: print only shows a value on the screen
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    name = ""
    while True:
        token = rng.choices(range(27), weights=P[token])[0]
        if token == BOS:
            print(name)
            return
        name += chars[token]

# expect: The name is a string of letters: turn each token into its letter with chars[token]
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def sample_name(P, rng):
    token = BOS
    tokens = []
    while True:
        token = rng.choices(range(27), weights=P[token])[0]
        if token == BOS:
            return tokens
        tokens.append(token)

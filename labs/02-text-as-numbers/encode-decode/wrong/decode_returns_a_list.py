# expect: That is exactly a list of the letters, not glued into one string
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def decode(tokens):
    return [chars[i] for i in tokens if i != BOS]

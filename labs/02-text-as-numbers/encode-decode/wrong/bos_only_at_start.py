# expect: That is exactly BOS at the start and none at the end
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name]


def decode(tokens):
    return "".join(chars[i] for i in tokens if i != BOS)

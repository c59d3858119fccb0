# expect: That is exactly the name's ids with 0 for BOS at both ends
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = 0


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def decode(tokens):
    return "".join(chars[i] for i in tokens if i != BOS)

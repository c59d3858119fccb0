# expect: which starts with 0; expected it to start with BOS, 26
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = 0


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def decode(tokens):
    return "".join(chars[i] for i in tokens if i != BOS)

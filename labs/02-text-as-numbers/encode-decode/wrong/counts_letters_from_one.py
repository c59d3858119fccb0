# expect: That is exactly every letter's id one too big, counted from 1
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [ord(c) - ord("a") + 1 for c in name] + [BOS]


def decode(tokens):
    return "".join(chars[i] for i in tokens if i != BOS)

# expect: A token id is a whole number: a letter's place in chars, or BOS
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return ["BOS"] + list(name) + ["BOS"]


def decode(tokens):
    return "".join(chars[i] for i in tokens if i != BOS)

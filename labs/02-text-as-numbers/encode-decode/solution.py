chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def decode(tokens):
    return "".join(chars[i] for i in tokens if i != BOS)


print(encode("emma"))
print(decode(encode("emma")))

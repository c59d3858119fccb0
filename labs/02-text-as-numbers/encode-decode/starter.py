chars = list("abcdefghijklmnopqrstuvwxyz")
# BOS is the token id right after the last letter.


def encode(name):
    tokens = []
    # BOS, then each letter's place in chars, then BOS again.

    return tokens


def decode(tokens):
    name = ""
    # Each id's letter in chars, leaving out every BOS.

    return name


print(encode("emma"))
print(decode(encode("emma")))

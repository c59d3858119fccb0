def build_vocab(names):
    # Every character of every name, each kept once, sorted from "a" to "z".
    chars = []

    return chars


chars = build_vocab(["emma", "olivia", "ava"])
print(chars)
print("BOS is token", len(chars))

def build_vocab(names):
    all_letters = "".join(names)
    chars = sorted(set(all_letters))
    return chars


chars = build_vocab(["emma", "olivia", "ava"])
print(chars)
print("BOS is token", len(chars))

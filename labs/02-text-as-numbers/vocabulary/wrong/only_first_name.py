# expect: That is exactly the characters of the first name alone
def build_vocab(names):
    for name in names:
        chars = sorted(set(name))
        return chars
    return []

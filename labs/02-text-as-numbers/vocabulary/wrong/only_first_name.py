# expect: which is missing
def build_vocab(names):
    for name in names:
        chars = sorted(set(name))
        return chars
    return []

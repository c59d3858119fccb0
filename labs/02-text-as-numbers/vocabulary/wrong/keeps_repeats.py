# expect: appears 2 times
def build_vocab(names):
    return sorted("".join(names))

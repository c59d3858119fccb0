# expect: That is exactly every character of every name, sorted, repeats and all
def build_vocab(names):
    return sorted("".join(names))

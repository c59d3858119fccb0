# expect: That is exactly the right characters glued into one string
def build_vocab(names):
    return "".join(sorted(set("".join(names))))

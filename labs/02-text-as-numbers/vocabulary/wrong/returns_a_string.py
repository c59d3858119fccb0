# expect: a str; expected a list of characters
def build_vocab(names):
    return "".join(sorted(set("".join(names))))

# expect: a character no name uses
def build_vocab(names):
    chars = sorted(set("".join(names)))
    chars.append("BOS")
    return chars

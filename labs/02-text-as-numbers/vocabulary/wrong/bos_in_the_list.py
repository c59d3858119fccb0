# expect: That is exactly the characters with the word "BOS" added at the end
def build_vocab(names):
    chars = sorted(set("".join(names)))
    chars.append("BOS")
    return chars

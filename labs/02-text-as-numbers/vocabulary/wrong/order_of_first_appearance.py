# expect: the right characters in another order
def build_vocab(names):
    chars = []
    for name in names:
        for char in name:
            if char not in chars:
                chars.append(char)
    return chars

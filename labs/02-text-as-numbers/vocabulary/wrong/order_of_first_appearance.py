# expect: That is exactly the characters in the order they first come in the names
def build_vocab(names):
    chars = []
    for name in names:
        for char in name:
            if char not in chars:
                chars.append(char)
    return chars

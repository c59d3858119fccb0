# expect: the same names in another order
def load_names(text):
    names = []
    for line in text.split("\n"):
        if line.strip():
            names.append(line.strip())
    return sorted(names)

# expect: so it is in the list twice
def load_names(text):
    names = []
    for line in text.split("\n"):
        name = line.strip()
        if name and name not in names:
            names.append(name)
    return names

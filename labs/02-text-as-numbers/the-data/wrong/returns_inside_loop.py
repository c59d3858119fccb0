# expect: which stops after 1 of the 5 names
def load_names(text):
    names = []
    for line in text.split("\n"):
        name = line.strip()
        if name:
            names.append(name)
        return names

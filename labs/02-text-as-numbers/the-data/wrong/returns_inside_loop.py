# expect: That is exactly the first name alone
def load_names(text):
    names = []
    for line in text.split("\n"):
        name = line.strip()
        if name:
            names.append(name)
        return names

# expect: That is exactly each name kept only the first time it comes
def load_names(text):
    names = []
    for line in text.split("\n"):
        name = line.strip()
        if name and name not in names:
            names.append(name)
    return names

# expect: It holds an empty name, '': a line with nothing on it is not a name.
def load_names(text):
    names = []
    for line in text.split("\n"):
        names.append(line.strip())
    return names

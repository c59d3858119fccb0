# expect: which holds an empty name ''
def load_names(text):
    names = []
    for line in text.split("\n"):
        names.append(line.strip())
    return names

# expect: That is exactly the names sorted from a to z
def load_names(text):
    names = []
    for line in text.split("\n"):
        if line.strip():
            names.append(line.strip())
    return sorted(names)

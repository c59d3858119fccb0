# expect: still holds a newline, so the text was not cut at every "\n"
def load_names(text):
    names = []
    for piece in text.split(" "):
        name = piece.strip()
        if name:
            names.append(name)
    return names

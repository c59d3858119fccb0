# expect: A name in it still holds a newline
def load_names(text):
    names = []
    for piece in text.split(" "):
        name = piece.strip()
        if name:
            names.append(name)
    return names

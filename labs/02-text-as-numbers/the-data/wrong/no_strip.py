# expect: still has spaces or line-end characters at an end
def load_names(text):
    names = []
    for line in text.split("\n"):
        if line != "":
            names.append(line)
    return names

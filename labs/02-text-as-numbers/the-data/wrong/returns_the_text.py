# expect: a str; expected a list of names
def load_names(text):
    names = text.strip()
    return names

# expect: That is exactly the whole text with only its ends stripped
def load_names(text):
    names = text.strip()
    return names

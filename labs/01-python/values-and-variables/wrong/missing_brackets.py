# expect: SyntaxError
def name_length(name):
    return len name

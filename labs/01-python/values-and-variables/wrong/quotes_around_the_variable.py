# expect: so the answer does not come from the name it is given
def name_length(name):
    return len("name")

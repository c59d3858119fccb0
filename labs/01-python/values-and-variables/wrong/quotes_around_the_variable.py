# expect: does not depend on the name
def name_length(name):
    return len("name")

# expect: That is exactly the name itself
def name_length(name):
    return name

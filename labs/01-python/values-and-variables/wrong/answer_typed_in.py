# expect: does not depend on the name
def name_length(name):
    # emma has 4 letters
    return 4

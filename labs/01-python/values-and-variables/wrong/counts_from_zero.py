# expect: That is exactly one less than the number of letters
def name_length(name):
    # the last letter of emma is number 3, counting from 0
    return len(name) - 1

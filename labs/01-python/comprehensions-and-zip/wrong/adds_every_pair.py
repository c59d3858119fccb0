# expect: adds every number of a to every number of b
def add_vectors(a, b):
    return [x + y for x in a for y in b]


def scale(v, s):
    return [x * s for x in v]

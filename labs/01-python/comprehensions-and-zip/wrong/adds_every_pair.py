# expect: That is exactly every number of a added to every number of b
def add_vectors(a, b):
    return [x + y for x in a for y in b]


def scale(v, s):
    return [x * s for x in v]

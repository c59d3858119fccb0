# expect: joined one after the other
def add_vectors(a, b):
    return a + b


def scale(v, s):
    return [x * s for x in v]

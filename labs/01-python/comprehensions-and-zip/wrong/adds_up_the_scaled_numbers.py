# expect: which is a number
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return sum(x * s for x in v)

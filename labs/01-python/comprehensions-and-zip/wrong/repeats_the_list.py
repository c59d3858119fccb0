# expect: the list repeated 3 times
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return v * s

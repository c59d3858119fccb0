# expect: adds 3 to each number instead of multiplying
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return [x + s for x in v]

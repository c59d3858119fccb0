# expect: That is exactly s added to each number, not multiplied
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return [x + s for x in v]

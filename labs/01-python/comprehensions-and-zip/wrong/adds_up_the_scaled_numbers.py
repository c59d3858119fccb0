# expect: That is exactly the scaled numbers added up into one total
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return sum(x * s for x in v)

# expect: returned [0.60001, -0.79999, 1.50001, 1.25001]; expected [0.6, -0.8, 1.5, 1.25].
def add_vectors(a, b):
    return [x + y + 0.00001 for x, y in zip(a, b)]


def scale(v, s):
    return [x * s for x in v]

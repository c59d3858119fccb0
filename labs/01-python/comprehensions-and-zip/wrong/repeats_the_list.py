# expect: That is exactly the list repeated s times
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return v * s

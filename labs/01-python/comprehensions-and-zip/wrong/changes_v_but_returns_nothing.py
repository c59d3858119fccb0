# expect: scale([1, 2, 3], 3) returned None
def add_vectors(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    for i in range(len(v)):
        v[i] = v[i] * s

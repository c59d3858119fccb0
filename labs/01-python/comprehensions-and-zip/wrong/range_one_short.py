# expect: That is exactly the sum without its last number
def add_vectors(a, b):
    return [a[i] + b[i] for i in range(len(a) - 1)]


def scale(v, s):
    return [x * s for x in v]

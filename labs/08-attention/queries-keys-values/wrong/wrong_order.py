# expect: the right three vectors in the wrong order: k, q, v
def linear(x, w):
    return [sum(a * b for a, b in zip(row, x)) for row in w]


def project(x, wq, wk, wv):
    k = linear(x, wk)
    q = linear(x, wq)
    v = linear(x, wv)
    return k, q, v

# expect: k with wq and v with wq
def linear(x, w):
    return [sum(a * b for a, b in zip(row, x)) for row in w]


def project(x, wq, wk, wv):
    q = linear(x, wq)
    k = linear(x, wq)
    v = linear(x, wq)
    return q, k, v

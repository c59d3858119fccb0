# expect: not added up
def linear(x, w):
    out = []
    for row in w:
        out.append([a * b for a, b in zip(row, x)])
    return out


def project(x, wq, wk, wv):
    return linear(x, wq), linear(x, wk), linear(x, wv)

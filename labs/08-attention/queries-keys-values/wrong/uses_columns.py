# expect: what the columns of w give instead of its rows
def linear(x, w):
    out = []
    for column in zip(*w):
        out.append(sum(a * b for a, b in zip(column, x)))
    return out


def project(x, wq, wk, wv):
    return linear(x, wq), linear(x, wk), linear(x, wv)

# expect: Is your return inside the for loop
def linear(x, w):
    out = []
    for row in w:
        out.append(sum(a * b for a, b in zip(row, x)))
        return out


def project(x, wq, wk, wv):
    return linear(x, wq), linear(x, wk), linear(x, wv)

# expect: every product of the whole matrix added together
def linear(x, w):
    total = 0
    for row in w:
        for a, b in zip(row, x):
            total = total + a * b
    return total


def project(x, wq, wk, wv):
    return linear(x, wq), linear(x, wk), linear(x, wv)

def linear(x, w):
    out = []
    for row in w:
        out.append(sum(a * b for a, b in zip(row, x)))
    return out


def project(x, wq, wk, wv):
    q = linear(x, wq)
    k = linear(x, wk)
    v = linear(x, wv)
    return q, k, v


x = [2, 1, 0, -1]
wq = [[1, 0, 1, 0], [0, 1, -1, 1]]
wk = [[0, 2, 0, 1], [1, 0, 1, 0]]
wv = [[1, 1, 0, 0], [0, 0, 2, -1]]
print(linear(x, wq))
print(project(x, wq, wk, wv))

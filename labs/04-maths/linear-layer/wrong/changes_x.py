# expect: changed
def linear(x, w):
    out = []
    for row in w:
        for i in range(len(x)):
            x[i] = x[i] * row[i]
        out.append(sum(x))
    return out

# expect: the list of each row's products, not their totals
def linear(x, w):
    out = []
    for row in w:
        out.append([weight * number for weight, number in zip(row, x)])
    return out

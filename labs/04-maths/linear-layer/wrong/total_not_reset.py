# expect: it is set to 0 once, before the loop over the rows
def linear(x, w):
    out = []
    total = 0
    for row in w:
        for weight, number in zip(row, x):
            total += weight * number
        out.append(total)
    return out

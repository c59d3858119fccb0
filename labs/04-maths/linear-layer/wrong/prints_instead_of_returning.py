# expect: printed
def linear(x, w):
    out = []
    for row in w:
        out.append(sum(weight * number for weight, number in zip(row, x)))
    print(out)

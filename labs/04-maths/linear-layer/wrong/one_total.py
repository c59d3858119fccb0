# expect: every row's products added into one total
def linear(x, w):
    total = 0
    for row in w:
        for weight, number in zip(row, x):
            total += weight * number
    return total

def linear(x, w):
    out = []
    for row in w:
        # One dot product per row: the row's numbers times x's, added up.
        total = 0
        for weight, number in zip(row, x):
            total += weight * number
        out.append(total)
    return out


print(linear([1, 2], [[2, 1], [0, 3], [-1, 1]]))

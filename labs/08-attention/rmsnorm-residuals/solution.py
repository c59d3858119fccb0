def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    root = (mean_square + 1e-5) ** 0.5
    return [xi / root for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]


# A stand-in block for trying things out: it doubles every number.
def double(v):
    return [2 * n for n in v]


print(rmsnorm([8, -4, 4, 2]))
print(residual_block([8, -4, 4, 2], double))

# expect: when you multiply by the root mean square
def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    scale = (mean_square + 1e-5) ** 0.5
    return [xi * scale for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

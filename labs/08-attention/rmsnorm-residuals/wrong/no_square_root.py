# expect: without the square root
def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    return [xi / (mean_square + 1e-5) for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

# expect: without the 1e-5
def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    root = mean_square ** 0.5
    return [xi / root for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

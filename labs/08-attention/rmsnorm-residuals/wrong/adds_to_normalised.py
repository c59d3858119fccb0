# expect: the block's output is added to the normalised x
def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    root = (mean_square + 1e-5) ** 0.5
    return [xi / root for xi in x]


def residual_block(x, block):
    x = rmsnorm(x)
    change = block(x)
    return [a + b for a, b in zip(x, change)]

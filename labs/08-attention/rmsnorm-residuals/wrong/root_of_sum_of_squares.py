# expect: the sum was never divided by len(x)
def rmsnorm(x):
    total = sum(xi * xi for xi in x)
    root = (total + 1e-5) ** 0.5
    return [xi / root for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

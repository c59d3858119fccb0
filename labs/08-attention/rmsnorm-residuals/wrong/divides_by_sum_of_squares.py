# expect: when you divide by the sum of the squares itself
def rmsnorm(x):
    total = sum(xi * xi for xi in x) + 1e-5
    return [xi / total for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

# expect: when rmsnorm writes its results into x itself
def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    root = (mean_square + 1e-5) ** 0.5
    for i in range(len(x)):
        x[i] = x[i] / root
    return x


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

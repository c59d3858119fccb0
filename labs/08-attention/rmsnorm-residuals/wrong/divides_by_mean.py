# expect: when you divide by the mean of x itself
def rmsnorm(x):
    mean = sum(x) / len(x)
    return [xi / mean for xi in x]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

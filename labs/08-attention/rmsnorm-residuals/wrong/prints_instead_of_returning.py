# expect: but returned None. print only shows a value on the screen
def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    root = (mean_square + 1e-5) ** 0.5
    print([xi / root for xi in x])


def residual_block(x, block):
    change = block(rmsnorm(x))
    print([a + b for a, b in zip(x, change)])


def double(v):
    return [2 * n for n in v]


print(rmsnorm([8, -4, 4, 2]))

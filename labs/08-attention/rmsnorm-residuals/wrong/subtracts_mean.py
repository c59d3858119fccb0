# expect: when the mean is subtracted first
def rmsnorm(x):
    mean = sum(x) / len(x)
    centred = [xi - mean for xi in x]
    mean_square = sum(c * c for c in centred) / len(x)
    root = (mean_square + 1e-5) ** 0.5
    return [c / root for c in centred]


def residual_block(x, block):
    change = block(rmsnorm(x))
    return [a + b for a, b in zip(x, change)]

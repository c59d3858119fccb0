# expect: min(0, h) instead of max(0, h)
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = [min(0, h) for h in linear(x, fc1)]
    return linear(hidden, fc2)

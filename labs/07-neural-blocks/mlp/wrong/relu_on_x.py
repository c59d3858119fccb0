# expect: ReLU applied to x before fc1
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    x = [max(0, v) for v in x]
    return linear(linear(x, fc1), fc2)

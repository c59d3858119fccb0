# expect: the two linear layers with no ReLU between them
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = linear(x, fc1)
    return linear(hidden, fc2)

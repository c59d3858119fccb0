# expect: the hidden numbers after ReLU, before fc2
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = linear(x, fc1)
    return [max(0, h) for h in hidden]

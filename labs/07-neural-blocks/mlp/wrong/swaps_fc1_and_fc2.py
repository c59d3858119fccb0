# expect: fc1 and fc2 the other way round
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = linear(x, fc2)
    hidden = [max(0, h) for h in hidden]
    return linear(hidden, fc1)

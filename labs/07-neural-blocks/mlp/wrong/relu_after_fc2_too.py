# expect: ReLU applied once more to fc2's output
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def relu(v):
    return [max(0, h) for h in v]


def mlp(x, fc1, fc2):
    return relu(linear(relu(linear(x, fc1)), fc2))

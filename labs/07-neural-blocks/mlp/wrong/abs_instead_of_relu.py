# expect: mlp([2, 1], [[1, 0], [0, 1], [1, -3]], [[-1, -1, 0], [0.5, -2, 1]]) returned [-3, 0]; expected [-3, -1]. Here fc1 gives [2, 1, -1]; ReLU makes that [2, 1, 0]
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = linear(x, fc1)
    hidden = [abs(h) for h in hidden]
    return linear(hidden, fc2)

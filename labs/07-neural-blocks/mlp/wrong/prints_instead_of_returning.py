# expect: but returned None. print only shows a value on the screen
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = [max(0, h) for h in linear(x, fc1)]
    print(linear(hidden, fc2))

def linear(x, w):
    """w times x: one dot product of x with each row of w (Module 4)."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    hidden = linear(x, fc1)
    hidden = [max(0, h) for h in hidden]  # ReLU: the negatives become 0
    return linear(hidden, fc2)


# The lesson's toy: 2 numbers in, 3 hidden, 2 out.
x = [1.0, -2.0]
fc1 = [[1.0, 1.0], [2.0, 0.5], [-1.0, 0.0]]
fc2 = [[1.0, -1.0, 0.5], [0.0, 2.0, 1.0]]
print(mlp(x, fc1, fc2))

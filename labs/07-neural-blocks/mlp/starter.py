def linear(x, w):
    """w times x: one dot product of x with each row of w (Module 4)."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def mlp(x, fc1, fc2):
    # 1. The first linear layer: fc1 applied to x gives the hidden numbers.
    # 2. ReLU: every negative hidden number becomes 0.
    # 3. The second linear layer: fc2 applied to the hidden numbers.
    return x


# The lesson's toy: 2 numbers in, 3 hidden, 2 out.
x = [1.0, -2.0]
fc1 = [[1.0, 1.0], [2.0, 0.5], [-1.0, 0.0]]
fc2 = [[1.0, -1.0, 0.5], [0.0, 2.0, 1.0]]
print(mlp(x, fc1, fc2))

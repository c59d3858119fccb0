def slope(f, x, h=0.000001):
    """The slope of f at x, by nudging (your function from the last lab)."""
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    path = [w]
    # Take `steps` steps. At each one, move w against the slope of f at w,
    # by lr times that slope, and add the new w to the path.

    return path


def bowl(w):
    return (w - 3) ** 2


print(descend(bowl, 0, 0.1, 5))

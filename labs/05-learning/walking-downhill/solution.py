def slope(f, x, h=0.000001):
    """The slope of f at x, by nudging (your function from the last lab)."""
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    path = [w]
    for _ in range(steps):
        w = w - lr * slope(f, w)  # against the slope: downhill, by lr times how steep it is
        path.append(w)
    return path


def bowl(w):
    return (w - 3) ** 2


print(descend(bowl, 0, 0.1, 5))

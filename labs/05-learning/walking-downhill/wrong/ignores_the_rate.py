# expect: ignoring lr
def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    path = [w]
    for _ in range(steps):
        w = w - slope(f, w)
        path.append(w)
    return path

# expect: without the last step
def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    path = []
    for _ in range(steps):
        path.append(w)
        w = w - lr * slope(f, w)
    return path

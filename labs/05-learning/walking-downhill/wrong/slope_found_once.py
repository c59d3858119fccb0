# expect: finds the slope once
def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    step = lr * slope(f, w)
    path = [w]
    for _ in range(steps):
        w = w - step
        path.append(w)
    return path

# expect: one step too many
def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    path = [w]
    for step in range(steps + 1):
        w = w - lr * slope(f, w)
        path.append(w)
    return path

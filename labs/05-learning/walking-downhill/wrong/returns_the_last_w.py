# expect: returned 2.017, which is a number; expected a list of 6 numbers
def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    for _ in range(steps):
        w = w - lr * slope(f, w)
    return w

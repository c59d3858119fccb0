# expect: printed
def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps):
    path = [w]
    for _ in range(steps):
        w = w - lr * slope(f, w)
        path.append(w)
    print(path)

# expect: f(x) + h instead of f(x + h)
def slope(f, x, h):
    return (f(x) + h - f(x)) / h

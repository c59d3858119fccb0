# expect: divided by x instead of by h
def slope(f, x, h):
    return (f(x + h) - f(x)) / x

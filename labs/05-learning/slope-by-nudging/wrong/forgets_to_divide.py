# expect: not divided by anything
def slope(f, x, h):
    return f(x + h) - f(x)

# expect: multiplied by h
def slope(f, x, h):
    return (f(x + h) - f(x)) * h

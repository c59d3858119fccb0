# expect: the centred slope
def slope(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)

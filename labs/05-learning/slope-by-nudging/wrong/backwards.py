# expect: its sign flipped
def slope(f, x, h):
    return (f(x) - f(x + h)) / h

# expect: printed
def slope(f, x, h):
    print((f(x + h) - f(x)) / h)

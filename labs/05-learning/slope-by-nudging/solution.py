def slope(f, x, h):
    rise = f(x + h) - f(x)  # how much f changed when x moved by h
    return rise / h  # per unit step, so that the size of the nudge does not matter


def square(x):
    return x * x


print(slope(square, 3, 0.01))

def slope(f, x, h):
    # Nudge x up by h, see how much f changes, and divide by the size of the nudge.
    return 0


def square(x):
    return x * x


print(slope(square, 3, 0.01))

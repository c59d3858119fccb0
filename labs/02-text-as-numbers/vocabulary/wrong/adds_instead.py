# expect: did you add something instead of multiplying?
def vocabulary(x):
    return x + 2

# expect: did you add something instead of multiplying?
def comprehensions_and_zip(x):
    return x + 2

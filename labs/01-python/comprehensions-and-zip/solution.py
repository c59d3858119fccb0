def comprehensions_and_zip(x):
    return x * 2

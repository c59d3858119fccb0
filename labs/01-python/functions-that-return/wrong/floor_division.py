# expect: That is exactly what `//` gives
def mean(xs):
    return sum(xs) // len(xs)

# expect: rounded down to a whole number
def mean(xs):
    return sum(xs) // len(xs)

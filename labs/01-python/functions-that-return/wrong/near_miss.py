# expect: mean([1, 2]) returned 1.500002; expected 1.5.
def mean(xs):
    return sum(xs) / len(xs) + 0.000002

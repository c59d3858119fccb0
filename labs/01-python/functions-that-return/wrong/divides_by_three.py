# expect: is the total divided by 3
def mean(xs):
    # [3, 5, 2] has 3 numbers
    return sum(xs) / 3

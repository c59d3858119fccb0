# expect: the total divided by 3 whatever the list
def mean(xs):
    # [3, 5, 2] has 3 numbers
    return sum(xs) / 3

# expect: the total divided by one less than how many numbers there are
def mean(xs):
    total = 0
    for x in xs:
        total = total + x
    return total / (len(xs) - 1)

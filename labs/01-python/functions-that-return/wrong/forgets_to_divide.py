# expect: is the total of the numbers
def mean(xs):
    total = 0
    for x in xs:
        total = total + x
    return total

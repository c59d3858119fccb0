# expect: That is exactly the total of the numbers, not divided
def mean(xs):
    total = 0
    for x in xs:
        total = total + x
    return total

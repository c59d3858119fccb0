# expect: returned 1.5549; expected 5.4
def mean(xs):
    total = 0
    for x in xs:
        total = total + x
        total = total / len(xs)
    return total

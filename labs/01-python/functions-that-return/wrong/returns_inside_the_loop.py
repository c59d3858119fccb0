# expect: returned 0.8; expected 5.4
def mean(xs):
    total = 0
    for x in xs:
        total = total + x
        return total / len(xs)

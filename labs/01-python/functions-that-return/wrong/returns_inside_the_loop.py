# expect: the `return` line is inside the loop
def mean(xs):
    total = 0
    for x in xs:
        total = total + x
        return total / len(xs)

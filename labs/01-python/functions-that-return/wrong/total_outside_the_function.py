# expect: Each call must start its total again at 0
total = 0


def mean(xs):
    global total
    for x in xs:
        total = total + x
    return total / len(xs)

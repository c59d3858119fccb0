# expect: Start the total at 0 inside the function
total = 0


def mean(xs):
    global total
    for x in xs:
        total = total + x
    return total / len(xs)

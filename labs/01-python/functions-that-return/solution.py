def mean(xs):
    total = 0
    for x in xs:
        total = total + x
    # / keeps the decimals (// would not).
    return total / len(xs)


print(mean([3, 5, 2]))

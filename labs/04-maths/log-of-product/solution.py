import math


def log_of_product(ps):
    # log(a × b × ...) = log(a) + log(b) + ...: a sum never rounds down to 0 as a product can.
    total = 0
    for p in ps:
        total += math.log(p)
    return total


print(log_of_product([0.5, 0.25, 0.1]))

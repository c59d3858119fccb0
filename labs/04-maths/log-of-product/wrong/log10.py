# expect: That is what math.log10 gives
import math


def log_of_product(ps):
    total = 0
    for p in ps:
        total += math.log10(p)
    return total

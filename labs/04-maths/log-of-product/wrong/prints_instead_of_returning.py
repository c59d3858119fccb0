# expect: printed
import math


def log_of_product(ps):
    total = 0
    for p in ps:
        total += math.log(p)
    print(total)

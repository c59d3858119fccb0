# expect: That is the logs multiplied together
import math


def log_of_product(ps):
    total = 1
    for p in ps:
        total = total * math.log(p)
    return total

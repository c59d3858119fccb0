# expect: Python rounds it to 0.0, and the log of 0 does not exist
import math


def log_of_product(ps):
    product = 1
    for p in ps:
        product *= p
    return math.log(product)

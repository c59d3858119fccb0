import math


def log_of_product(ps):
    total = 0
    # Add the natural log of each chance to total, instead of multiplying the chances.

    return total


print(log_of_product([0.5, 0.25, 0.1]))

# expect: That is the list of the logs, one per chance
import math


def log_of_product(ps):
    return [math.log(p) for p in ps]

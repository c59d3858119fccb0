# expect: minus the log of 1 - p
import math


def nll(probs, target):
    return -math.log(1 - probs[target])

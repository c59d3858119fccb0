# expect: without its minus sign
import math


def nll(probs, target):
    return math.log(probs[target])

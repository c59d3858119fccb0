# expect: math.log10
import math


def nll(probs, target):
    return -math.log10(probs[target])

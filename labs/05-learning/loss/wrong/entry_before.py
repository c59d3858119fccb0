# expect: the entry just before the right one
import math


def nll(probs, target):
    return -math.log(probs[target - 1])

# expect: the largest probability in the list
import math


def nll(probs, target):
    best = max(probs)
    return -math.log(best)

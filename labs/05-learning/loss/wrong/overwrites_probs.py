# expect: wrote the surprise into probs[target]
import math


def nll(probs, target):
    probs[target] = -math.log(probs[target])
    return probs[target]

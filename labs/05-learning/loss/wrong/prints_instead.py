# expect: printed
import math


def nll(probs, target):
    print(-math.log(probs[target]))

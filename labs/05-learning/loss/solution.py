import math


def nll(probs, target):
    p = probs[target]  # what the model gave the right answer
    return -math.log(p)  # math.log is the natural log; the minus makes surprise positive


# The toy model after "em": "m" 0.5, "i" 0.3, "a" 0.2. The next letter was "i".
print(nll([0.5, 0.3, 0.2], 1))

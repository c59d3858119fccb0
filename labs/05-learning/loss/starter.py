import math


def nll(probs, target):
    # The probability the model gave the token that really came next is probs[target].
    # Return how surprised the model was: minus its natural log.
    return 0


# The toy model after "em": "m" 0.5, "i" 0.3, "a" 0.2. The next letter was "i".
print(nll([0.5, 0.3, 0.2], 1))

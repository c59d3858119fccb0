# expect: returned -0.3348, which is a number; expected a list of 3 numbers
def logit_grads(probs, target):
    return probs[target] - 1

# expect: inside the list it was given
def logit_grads(probs, target):
    probs[target] = probs[target] - 1
    return probs

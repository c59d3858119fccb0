# expect: every slope has the wrong sign
def logit_grads(probs, target):
    grads = []
    for i, p in enumerate(probs):
        one_hot = 1 if i == target else 0
        grads.append(one_hot - p)
    return grads

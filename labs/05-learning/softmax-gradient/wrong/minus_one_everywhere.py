# expect: every probability minus 1
def logit_grads(probs, target):
    return [p - 1 for p in probs]

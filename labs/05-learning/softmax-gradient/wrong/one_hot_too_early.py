# expect: one place too early
def logit_grads(probs, target):
    grads = []
    for i in range(len(probs)):
        if i == target - 1:
            grads.append(probs[i] - 1)
        else:
            grads.append(probs[i])
    return grads

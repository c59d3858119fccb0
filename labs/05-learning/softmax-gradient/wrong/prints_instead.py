# expect: printed
def logit_grads(probs, target):
    grads = []
    for i, p in enumerate(probs):
        grads.append(p - (1 if i == target else 0))
    print(grads)

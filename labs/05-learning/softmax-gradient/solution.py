def logit_grads(probs, target):
    grads = []
    for index, p in enumerate(probs):
        one_hot = 1 if index == target else 0  # the one-hot list, one entry at a time
        grads.append(p - one_hot)
    return grads


# The lesson's toy model: softmax of [2, 1, 0], and the right answer was index 0.
print(logit_grads([0.6652409557748218, 0.24472847105479764, 0.09003057317038046], 0))

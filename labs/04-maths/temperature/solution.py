import math


def softmax_t(logits, t):
    # The temperature scales the gaps between the logits: below 1 they grow, above 1 they shrink.
    scaled = [logit / t for logit in logits]
    largest = max(scaled)
    exps = [math.exp(s - largest) for s in scaled]
    total = sum(exps)
    return [e / total for e in exps]


print(softmax_t([2, 1, 0], 0.5))

# expect: printed
import math


def softmax_t(logits, t):
    scaled = [logit / t for logit in logits]
    largest = max(scaled)
    exps = [math.exp(s - largest) for s in scaled]
    print([e / sum(exps) for e in exps])

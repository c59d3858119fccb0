# expect: printed
import math


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(logit - largest) for logit in logits]
    print([e / sum(exps) for e in exps])

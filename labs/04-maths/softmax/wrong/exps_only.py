# expect: not divided by their total
import math


def softmax(logits):
    largest = max(logits)
    return [math.exp(logit - largest) for logit in logits]

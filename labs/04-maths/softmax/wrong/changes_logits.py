# expect: changed
import math


def softmax(logits):
    largest = max(logits)
    for i in range(len(logits)):
        logits[i] = math.exp(logits[i] - largest)
    total = sum(logits)
    for i in range(len(logits)):
        logits[i] = logits[i] / total
    return logits

# expect: the softmax of a column product
import math


def next_letter_probs(x, lm_head):
    logits = [sum(row[i] * x[i] for row in lm_head) for i in range(len(x))]
    exps = [math.exp(logit - max(logits)) for logit in logits]
    return [e / sum(exps) for e in exps]

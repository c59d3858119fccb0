# expect: each logit divided by the total of the logits
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    logits = linear(x, lm_head)
    total = sum(logits)
    return [logit / total for logit in logits]

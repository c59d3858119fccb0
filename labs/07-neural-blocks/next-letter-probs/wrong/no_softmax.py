# expect: the logits, with no softmax
def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def next_letter_probs(x, lm_head):
    return linear(x, lm_head)

# expect: the values are not
import math


def attend(q, keys, values):
    """One head of attention (Module 8): score, softmax, blend. Given: use it as it is."""
    scale = math.sqrt(len(q))
    scores = []
    for key in keys:
        scores.append(sum(qi * ki for qi, ki in zip(q, key)) / scale)
    top = max(scores)
    raised = [math.exp(score - top) for score in scores]
    total = sum(raised)
    shares = [r / total for r in raised]
    blend = []
    for j in range(len(values[0])):
        blend.append(sum(share * row[j] for share, row in zip(shares, values)))
    return blend


def multi_head(q, keys, values, n_head):
    head_dim = len(q) // n_head
    joined = []
    for h in range(n_head):
        lo, hi = h * head_dim, (h + 1) * head_dim
        joined = joined + attend(q[lo:hi], [key[lo:hi] for key in keys], values)
    return joined

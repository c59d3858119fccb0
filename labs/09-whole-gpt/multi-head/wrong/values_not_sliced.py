# expect: the values are not
import math


def attend(q, keys, values):
    """One head of attention (Module 8): score, softmax, blend. Given: use it as it is."""
    scores = [sum(a * b for a, b in zip(q, key)) / math.sqrt(len(q)) for key in keys]
    largest = max(scores)
    exps = [math.exp(s - largest) for s in scores]
    weights = [e / sum(exps) for e in exps]
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(len(values[0]))]


def multi_head(q, keys, values, n_head):
    head_dim = len(q) // n_head
    joined = []
    for h in range(n_head):
        lo, hi = h * head_dim, (h + 1) * head_dim
        joined = joined + attend(q[lo:hi], [key[lo:hi] for key in keys], values)
    return joined

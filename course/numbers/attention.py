"""Numbers the attention lessons show, computed step by step at build time."""

import math

WORKED_QUERY = [1, 0]
WORKED_KEYS = [[2, 0], [0, 2], [1, 1]]
WORKED_VALUES = [[10, 0], [0, 10], [5, 5]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def worked_example():
    """Score, softmax and blend for the lesson's tiny example, keeping every step."""
    q, keys, values = WORKED_QUERY, WORKED_KEYS, WORKED_VALUES
    d = len(q)
    sqrt_d = math.sqrt(d)
    dots = [dot(q, key) for key in keys]
    scores = [value / sqrt_d for value in dots]
    largest = max(scores)
    exps = [math.exp(score) for score in scores]
    shifted_exps = [math.exp(score - largest) for score in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    width = len(values[0])
    # terms[j][i]: how much value i contributes to position j of the blend.
    terms = [[w * value[j] for w, value in zip(weights, values)] for j in range(width)]
    blend = [sum(row) for row in terms]
    return {
        "q": q,
        "keys": keys,
        "values": values,
        "d": d,
        "sqrt_d": sqrt_d,
        "dots": dots,
        "scores": scores,
        "largest": largest,
        "exps": exps,
        "shifted_exps": shifted_exps,
        "total": total,
        "weights": weights,
        "terms": terms,
        "blend": blend,
    }

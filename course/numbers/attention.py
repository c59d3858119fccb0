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


def softmax(scores):
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    total = sum(exps)
    return [e / total for e in exps]


def mean_abs_dot(d):
    """The average size (sign ignored) of the dot product of two vectors of d random +1s and -1s.

    Each product a_i * b_i is +1 or -1 with even odds, so the dot product is a sum of d
    fair +1/-1 coin flips. With k of them +1 it is 2k - d; averaging exactly over all
    2**d equally likely outcomes needs no random numbers.
    """
    return sum(math.comb(d, k) * abs(2 * k - d) for k in range(d + 1)) / 2**d


def scaling_example():
    """Why divide by sqrt(d): dot products grow with d, and unscaled scores make softmax too sure."""
    worked = worked_example()
    sizes = [
        {"d": d, "sqrt_d": math.sqrt(d), "dot": mean_abs_dot(d), "scaled": mean_abs_dot(d) / math.sqrt(d)}
        for d in (2, 4, 16, 64)
    ]
    return {
        "sizes": sizes,
        "unscaled_weights": softmax(worked["dots"]),
        "scaled_weights": worked["weights"],
    }


def overflow_example():
    """Subtracting the largest score: the same weights, and no overflow for huge scores."""
    worked = worked_example()
    shifted_scores = [score - worked["largest"] for score in worked["scores"]]
    shifted_exps = [math.exp(score) for score in shifted_scores]
    shifted_total = sum(shifted_exps)
    big_scores = [1000, 999]
    big_shifted = [score - max(big_scores) for score in big_scores]
    big_exps = [math.exp(score) for score in big_shifted]
    return {
        "shifted_scores": shifted_scores,
        "shifted_exps": shifted_exps,
        "shifted_total": shifted_total,
        "shifted_weights": [e / shifted_total for e in shifted_exps],
        "max_weight_difference": max(abs(a - e / shifted_total) for a, e in zip(worked["weights"], shifted_exps)),
        # math.exp(s) raises OverflowError once s is above this (the log of the largest float).
        "exp_limit": math.log(1.7976931348623157e308),
        "big_scores": big_scores,
        "big_shifted": big_shifted,
        "big_exps": big_exps,
        "big_weights": [e / sum(big_exps) for e in big_exps],
    }

"""Numbers the causal-masking lesson shows: reading "emma" one letter at a time.

Every query, key and value here is made up and only 2 numbers long, so each
weight can be checked by hand. The same example is worked twice, once the
microgpt way (a KV cache that grows by one entry per letter) and once the
big-model way (all letters at once, the future hidden by a mask), and the
two must agree.
"""

import math

LETTERS = ["BOS", "e", "m", "m", "a"]
QUERIES = [[0, 1], [1, 0], [1, 1], [0, 2], [2, 0]]
KEYS = [[1, 0], [0, 1], [1, 1], [2, 0], [1, -1]]
VALUES = [[4, 0], [0, 4], [2, 2], [4, 4], [0, 2]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def softmax(scores):
    """Weights from scores. A score of -infinity gets weight exactly 0."""
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    total = sum(exps)
    return [e / total for e in exps]


def blend(weights, values):
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(len(values[0]))]


def score(q, key):
    return dot(q, key) / math.sqrt(len(q))


def cache_step(position, cache_keys, cache_values):
    """One step of reading: append this letter's key and value, then attend over the cache."""
    cache_keys.append(KEYS[position])
    cache_values.append(VALUES[position])
    q = QUERIES[position]
    scores = [score(q, key) for key in cache_keys]
    exps = [math.exp(s) for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return {
        "position": position,
        "letter": LETTERS[position],
        "cache_size": len(cache_keys),
        "visible": list(range(len(cache_keys))),
        "query": q,
        "dots": [dot(q, key) for key in cache_keys],
        "scores": scores,
        "exps": exps,
        "total": total,
        "weights": weights,
        "output": blend(weights, cache_values),
    }


def masked_attention():
    """All positions at once: score every pair, set the future to -infinity, softmax each row."""
    n = len(LETTERS)
    weights = []
    outputs = []
    for t in range(n):
        row = [score(QUERIES[t], KEYS[j]) if j <= t else -math.inf for j in range(n)]
        row_weights = softmax(row)
        weights.append(row_weights)
        outputs.append(blend(row_weights, VALUES))
    return weights, outputs


def walkthrough():
    """Reading BOS, e, m, m, a: each step's cache, scores, weights and output, and the masked check."""
    cache_keys, cache_values = [], []
    steps = [cache_step(t, cache_keys, cache_values) for t in range(len(LETTERS))]
    masked_weights, masked_outputs = masked_attention()

    difference = max(
        abs(a - b)
        for step, row in zip(steps, masked_outputs)
        for a, b in zip(step["output"], row)
    )
    if difference > 1e-12:
        raise AssertionError(f"the KV cache and the mask disagree by {difference}")

    # Without any mask, what would the "e" (position 1) look at? Its next letter is the
    # first "m", so anything it takes from positions 2 and later is peeking.
    peek_position = 1
    peek_scores = [score(QUERIES[peek_position], key) for key in KEYS]
    peek_weights = softmax(peek_scores)
    future = peek_weights[peek_position + 1 :]
    return {
        "letters": LETTERS,
        # Not "keys"/"values": in a lesson, walk.keys would be the dict's own keys() method.
        "query_vectors": QUERIES,
        "key_vectors": KEYS,
        "value_vectors": VALUES,
        "d": len(QUERIES[0]),
        "sqrt_d": math.sqrt(len(QUERIES[0])),
        "steps": steps,
        "masked_weights": masked_weights,
        "masked_outputs": masked_outputs,
        "max_difference": difference,
        "masked_row_sums": [sum(row) for row in masked_weights],
        "peek": {
            "position": peek_position,
            "scores": peek_scores,
            "weights": peek_weights,
            "future_total": sum(future),
            # Masking after the softmax: zero the future weights and keep the rest as they are.
            "kept_after_softmax": sum(peek_weights[: peek_position + 1]),
            "largest_future": max(future),
        },
    }

# expect: when position t is given keys[t:] and values[t:]
import math


def attend(q, keys, values):
    """Scaled dot-product attention, as you wrote it in the last lab."""
    scale = math.sqrt(len(q))
    scores = [sum(a * b for a, b in zip(q, key)) / scale for key in keys]
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    width = len(values[0])
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(width)]


def causal_attention(queries, keys, values):
    # queries[t], keys[t] and values[t] all belong to position t.
    # For every position t, in order:
    #   - take the keys and values this position is allowed to see
    #     (position 0 up to position t; the letter itself counts),
    #   - call attend with queries[t] and those keys and values,
    #   - add the result to outputs.
    outputs = []
    for t in range(len(queries)):
        outputs.append(attend(queries[t], keys[t:], values[t:]))
    return outputs


# The "emma" example from the lesson: BOS, e, m, m, a.
queries = [[0, 1], [1, 0], [1, 1], [0, 2], [2, 0]]
keys = [[1, 0], [0, 1], [1, 1], [2, 0], [1, -1]]
values = [[4, 0], [0, 4], [2, 2], [4, 4], [0, 2]]
print(causal_attention(queries, keys, values))

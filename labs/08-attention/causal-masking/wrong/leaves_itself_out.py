# expect: A slice stops just before its end
import math


def attend(q, keys, values):
    scale = math.sqrt(len(q))
    scores = [sum(a * b for a, b in zip(q, key)) / scale for key in keys]
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    width = len(values[0])
    return [sum(w * value[j] for w, value in zip(weights, values)) for j in range(width)]


def causal_attention(queries, keys, values):
    outputs = []
    for t in range(len(queries)):
        outputs.append(attend(queries[t], keys[:t], values[:t]))
    return outputs

# expect: Leave the future out before the softmax
import math


def causal_attention(queries, keys, values):
    outputs = []
    for t in range(len(queries)):
        q = queries[t]
        scores = [sum(a * b for a, b in zip(q, key)) / math.sqrt(len(q)) for key in keys]
        largest = max(scores)
        exps = [math.exp(score - largest) for score in scores]
        weights = [e / sum(exps) for e in exps]
        # Hide the future: positions after t get no attention.
        for j in range(t + 1, len(weights)):
            weights[j] = 0
        outputs.append([sum(w * value[i] for w, value in zip(weights, values)) for i in range(len(values[0]))])
    return outputs

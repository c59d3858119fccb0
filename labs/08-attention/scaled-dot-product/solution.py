import math


def attend(q, keys, values):
    # Score: how well each key fits the query, scaled by the square root of its length.
    root_d = math.sqrt(len(q))
    scores = []
    for key in keys:
        scores.append(sum(qi * ki for qi, ki in zip(q, key)) / root_d)

    # Softmax, shifted by the top score so exp never overflows.
    top = max(scores)
    powers = [math.exp(s - top) for s in scores]
    weights = [p / sum(powers) for p in powers]

    # Blend: number i of the output mixes number i of every value.
    output = []
    for i in range(len(values[0])):
        output.append(sum(weight * value[i] for weight, value in zip(weights, values)))
    return output


print(attend([0, 1], [[1, 1], [0, 3]], [[4, 2], [0, 6]]))

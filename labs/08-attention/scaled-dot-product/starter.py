import math


def attend(q, keys, values):
    # Score: the dot product of q with each key, divided by the square root of len(q).
    scores = []

    # Softmax: take the top score away from each score, exp each, divide by their sum.
    weights = []

    # Blend: number i of the output adds up weight times value[i] over all the values.
    output = []
    return output


print(attend([0, 1], [[1, 1], [0, 3]], [[4, 2], [0, 6]]))

def weighted_average(weights, vectors):
    result = [0] * len(vectors[0])
    # For each vector and its weight: add weight times each of its numbers
    # to the number in the same position of result.

    return result


print(weighted_average([0.5, 0.25, 0.25], [[4, 0], [0, 8], [2, 2]]))

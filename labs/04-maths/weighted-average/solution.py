def weighted_average(weights, vectors):
    # One total per position of the vectors, each starting at 0.
    result = [0] * len(vectors[0])
    for weight, vector in zip(weights, vectors):
        for i in range(len(vector)):
            result[i] += weight * vector[i]
    return result


print(weighted_average([0.5, 0.25, 0.25], [[4, 0], [0, 8], [2, 2]]))

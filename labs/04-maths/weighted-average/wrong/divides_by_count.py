# expect: divided by the number of vectors
def weighted_average(weights, vectors):
    result = [0] * len(vectors[0])
    for weight, vector in zip(weights, vectors):
        for i in range(len(vector)):
            result[i] += weight * vector[i]
    return [number / len(vectors) for number in result]

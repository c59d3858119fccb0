# expect: changed
def weighted_average(weights, vectors):
    for weight, vector in zip(weights, vectors):
        for i in range(len(vector)):
            vector[i] = weight * vector[i]
    result = [0] * len(vectors[0])
    for vector in vectors:
        for i in range(len(vector)):
            result[i] += vector[i]
    return result

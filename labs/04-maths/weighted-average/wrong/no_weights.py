# expect: no vector was multiplied by its weight
def weighted_average(weights, vectors):
    result = [0] * len(vectors[0])
    for vector in vectors:
        for i in range(len(vector)):
            result[i] += vector[i]
    return result

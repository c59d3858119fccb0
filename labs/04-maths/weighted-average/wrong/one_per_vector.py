# expect: That is one number per vector
def weighted_average(weights, vectors):
    result = []
    for weight, vector in zip(weights, vectors):
        result.append(weight * sum(vector))
    return result

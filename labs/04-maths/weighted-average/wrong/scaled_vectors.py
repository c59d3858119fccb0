# expect: Those are the scaled vectors themselves
def weighted_average(weights, vectors):
    scaled = []
    for weight, vector in zip(weights, vectors):
        scaled.append([weight * number for number in vector])
    return scaled

# expect: That is exactly a list holding only the first sum
def add_vectors(a, b):
    result = []
    for x, y in zip(a, b):
        result.append(x + y)
        return result


def scale(v, s):
    return [x * s for x in v]

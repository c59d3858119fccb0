# expect: returned [11]: 1 item; expected 3
def add_vectors(a, b):
    result = []
    for x, y in zip(a, b):
        result.append(x + y)
        return result


def scale(v, s):
    return [x * s for x in v]

# expect: the total of a times the total of b
def dot(a, b):
    if len(a) != len(b):
        raise ValueError("different lengths")
    return sum(a) * sum(b)

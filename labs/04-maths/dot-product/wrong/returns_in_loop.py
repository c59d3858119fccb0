# expect: the return is inside the loop
def dot(a, b):
    if len(a) != len(b):
        raise ValueError("different lengths")
    total = 0
    for x, y in zip(a, b):
        total += x * y
        return total
    return total

# expect: printed
def dot(a, b):
    if len(a) != len(b):
        raise ValueError("different lengths")
    total = 0
    for x, y in zip(a, b):
        total += x * y
    print(total)

def add_vectors(a, b):
    # Pair by pair, added.
    return []


def scale(v, s):
    # Each number times s.
    return []


print(add_vectors([1, 2, 3], [10, 20, 30]))
print(scale([1, 2, 3], 3))

def add_vectors(a, b):
    # Add the numbers of a and b that sit at the same position.
    return []


def scale(v, s):
    # Multiply every number of v by s.
    return []


print(add_vectors([1, 2, 3], [10, 20, 30]))
print(scale([1, 2, 3], 3))

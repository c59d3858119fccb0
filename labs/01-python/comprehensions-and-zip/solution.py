def add_vectors(a, b):
    # zip pairs numbers by position.
    return [x + y for x, y in zip(a, b)]


def scale(v, s):
    return [x * s for x in v]


print(add_vectors([1, 2, 3], [10, 20, 30]))
print(scale([1, 2, 3], 3))

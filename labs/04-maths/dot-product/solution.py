def dot(a, b):
    # Every number needs a partner: zip alone would quietly drop the extra ones.
    if len(a) != len(b):
        raise ValueError(f"a has {len(a)} numbers but b has {len(b)}")
    total = 0
    for x, y in zip(a, b):
        total += x * y
    return total


print(dot([1, 2, 3], [4, 5, 6]))

def dot(a, b):
    total = 0
    # Check that a and b have the same length.
    # Then multiply each number of a by its partner in b, and add the product to total.

    return total


print(dot([1, 2, 3], [4, 5, 6]))

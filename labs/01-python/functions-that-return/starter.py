def mean(xs):
    # Add up the numbers, then divide the total by how many there are.
    return 0


print(mean([3, 5, 2]))

def mean(xs):
    # Total, divided by how many.
    return 0


print(mean([3, 5, 2]))

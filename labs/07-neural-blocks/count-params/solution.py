def count_params(shapes):
    total = 0
    for rows, cols in shapes:
        total += rows * cols
    return total


print(count_params([[3, 4], [2, 5]]))

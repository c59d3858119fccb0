def count_params(shapes):
    total = 0
    # Each shape is [rows, columns]: how many numbers does one such table hold?
    # Add every table's count to total.

    return total


print(count_params([[3, 4], [2, 5]]))

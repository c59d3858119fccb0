# expect: rows + columns for every table
def count_params(shapes):
    total = 0
    for rows, cols in shapes:
        total += rows + cols
    return total

# expect: the rows of every table added up
def count_params(shapes):
    total = 0
    for rows, cols in shapes:
        total += rows
    return total

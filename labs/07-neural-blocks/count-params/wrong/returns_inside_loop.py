# expect: the return sits inside the loop
def count_params(shapes):
    total = 0
    for rows, cols in shapes:
        total += rows * cols
        return total
    return total

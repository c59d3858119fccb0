# expect: the number of tables, not the numbers inside them
def count_params(shapes):
    total = 0
    for shape in shapes:
        total += 1
    return total

# expect: changed
def count_params(shapes):
    total = 0
    while shapes:
        rows, cols = shapes.pop()
        total += rows * cols
    return total

# expect: but returned None. print only shows a value on the screen
def count_params(shapes):
    total = 0
    for rows, cols in shapes:
        total += rows * cols
    print(total)

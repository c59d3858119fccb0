# expect: every table but the last
def count_params(shapes):
    total = 0
    for i in range(len(shapes) - 1):
        total += shapes[i][0] * shapes[i][1]
    return total

# expect: That is the sum of the chances themselves
def log_of_product(ps):
    total = 0
    for p in ps:
        total += p
    return total

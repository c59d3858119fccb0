# expect: did you add something instead of multiplying?
def loops_and_totals(x):
    return x + 2

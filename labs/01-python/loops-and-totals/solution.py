def loops_and_totals(x):
    return x * 2

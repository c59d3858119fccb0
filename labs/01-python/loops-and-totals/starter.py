def loops_and_totals(x):
    # Your code here: return x doubled.
    return None

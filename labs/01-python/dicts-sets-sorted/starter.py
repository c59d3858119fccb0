def dicts_sets_sorted(x):
    # Your code here: return x doubled.
    return None

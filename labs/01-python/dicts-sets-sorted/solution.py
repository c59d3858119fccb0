def dicts_sets_sorted(x):
    return x * 2

# expect: did you add something instead of multiplying?
def dicts_sets_sorted(x):
    return x + 2

# expect: did you add something instead of multiplying?
def training_pairs(x):
    return x + 2

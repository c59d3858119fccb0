def training_pairs(x):
    return x * 2

def training_pairs(x):
    # Your code here: return x doubled.
    return None

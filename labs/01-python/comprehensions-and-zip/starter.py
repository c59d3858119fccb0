def comprehensions_and_zip(x):
    # Your code here: return x doubled.
    return None

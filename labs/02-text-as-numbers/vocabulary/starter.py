def vocabulary(x):
    # Your code here: return x doubled.
    return None

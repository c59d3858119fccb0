def encode_decode(x):
    # Your code here: return x doubled.
    return None

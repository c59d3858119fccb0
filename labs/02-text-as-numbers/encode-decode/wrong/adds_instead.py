# expect: did you add something instead of multiplying?
def encode_decode(x):
    return x + 2

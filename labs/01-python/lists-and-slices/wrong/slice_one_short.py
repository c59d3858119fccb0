# expect: returned [0.8, 0.9, 1]: 3 numbers; expected 4
def head_slice(vec, h, head_dim):
    # the stop is the last index of the head
    return vec[h * head_dim:(h + 1) * head_dim - 1]

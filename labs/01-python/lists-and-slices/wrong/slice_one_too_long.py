# expect: 5 numbers; expected 4
def head_slice(vec, h, head_dim):
    return vec[h * head_dim:(h + 1) * head_dim + 1]

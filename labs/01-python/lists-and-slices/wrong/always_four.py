# expect: Here head_dim is 2
def head_slice(vec, h, head_dim):
    return vec[h * 4:(h + 1) * 4]

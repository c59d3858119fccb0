# expect: TypeError
def head_slice(vec, h, head_dim):
    return vec[h * head_dim, (h + 1) * head_dim]

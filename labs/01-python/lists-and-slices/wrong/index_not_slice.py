# expect: returned the single number
def head_slice(vec, h, head_dim):
    return vec[h * head_dim]

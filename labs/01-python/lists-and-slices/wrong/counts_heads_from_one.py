# expect: That is exactly the piece of the head before
def head_slice(vec, h, head_dim):
    return vec[(h - 1) * head_dim:h * head_dim]

# expect: the piece that starts at position 2
def head_slice(vec, h, head_dim):
    return vec[h:h + head_dim]

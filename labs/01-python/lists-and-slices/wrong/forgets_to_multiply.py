# expect: That is exactly the piece that starts at position h itself
def head_slice(vec, h, head_dim):
    return vec[h:h + head_dim]

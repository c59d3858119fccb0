# expect: returned [], which is a list of 0 items; expected a list of 4 numbers
def head_slice(vec, h, head_dim):
    return vec[h * head_dim:h + 1 * head_dim]

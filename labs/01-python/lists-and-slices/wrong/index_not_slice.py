# expect: That is exactly the one number at the head's start
def head_slice(vec, h, head_dim):
    return vec[h * head_dim]

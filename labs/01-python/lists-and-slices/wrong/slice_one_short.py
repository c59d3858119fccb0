# expect: That is exactly the piece without its last number
def head_slice(vec, h, head_dim):
    # the stop is the last index of the head
    return vec[h * head_dim:(h + 1) * head_dim - 1]

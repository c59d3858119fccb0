# expect: returned [0.8, 0.9], which is a list of 2 numbers; expected a list of 4 numbers, like [0.8, 0.9, 1, 1.1]. Heads 0 and 1 hold the first 8 numbers
def head_slice(vec, h, head_dim):
    return vec[h * head_dim : h * head_dim + 2]

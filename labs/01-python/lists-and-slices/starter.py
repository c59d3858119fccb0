def head_slice(vec, h, head_dim):
    # Head h's piece of vec.
    return []


vec = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5]
print(head_slice(vec, 2, 4))

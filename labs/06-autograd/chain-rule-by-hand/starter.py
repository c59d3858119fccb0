def chain_grads(a, b, c, f):
    e = a * b
    d = e + c
    # L = d * f. Start at the end: what are the gradients of d and f?
    # Then of e and c, then of a and b.
    return [0, 0, 0, 0]


print(chain_grads(2.0, -3.0, 4.0, 5.0))

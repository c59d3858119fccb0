# expect: Those are the local gradients alone
def chain_grads(a, b, c, f):
    e = a * b
    d = e + c
    return [b, a, 1, d]

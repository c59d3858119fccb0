# expect: printed
def chain_grads(a, b, c, f):
    e = a * b
    d = e + c
    # From the end back: L = d * f, so d's gradient is f and f's is d.
    grad_d = f
    grad_f = d
    # d = e + c passes its gradient on times 1.
    grad_e = grad_d * 1
    grad_c = grad_d * 1
    # e = a * b: a's local gradient is b, b's is a.
    grad_a = grad_e * b
    grad_b = grad_e * a
    print([grad_a, grad_b, grad_c, grad_f])

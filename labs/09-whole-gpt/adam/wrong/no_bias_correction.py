# expect: without the bias correction
BETA1 = 0.85  # how much of the old average gradient m keeps at each step
BETA2 = 0.99  # how much of the old average squared gradient v keeps
EPS = 1e-8  # keeps the division safe when v is 0


def adam_step(p, g, m, v, t, lr):
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = m
    v_hat = v
    p = p - lr * m_hat / (v_hat**0.5 + EPS)
    return p, m, v


# One weight, three steps: its gradient is 0.2, 0.2, then -0.1.
p, m, v = 0.5, 0.0, 0.0
for t, g in enumerate([0.2, 0.2, -0.1], start=1):
    p, m, v = adam_step(p, g, m, v, t, 0.01)
    print(t, p, m, v)

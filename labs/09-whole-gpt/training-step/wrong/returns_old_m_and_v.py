# expect: the old m and v are returned
BETA1, BETA2, EPS = 0.85, 0.99, 1e-8


def adam_step(p, g, m, v, t, lr):
    """One Adam step for one weight (the last lab). Given: use it as it is."""
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = m / (1 - BETA1**t)
    v_hat = v / (1 - BETA2**t)
    return p - lr * m_hat / (v_hat**0.5 + EPS), m, v


def update_all(params, grads, m, v, step, num_steps, lr0):
    lr = lr0 * (1 - step / num_steps)  # falls in a straight line to 0 at the end of training
    new_params, new_m, new_v = [], [], []
    for p, g, mi, vi in zip(params, grads, m, v):
        p, mi, vi = adam_step(p, g, mi, vi, step + 1, lr)  # Adam counts its steps from 1
        new_params.append(p)
        new_m.append(mi)
        new_v.append(vi)
    return new_params, m, v


# Three weights, their gradients, and Adam's m and v, all starting at 0: step 0 of 10.
params, grads = [0.5, -0.2, 0.1], [0.2, -0.4, 0.0]
m, v = [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
print(update_all(params, grads, m, v, 0, 10, 0.01))

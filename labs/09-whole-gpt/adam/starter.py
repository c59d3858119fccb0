BETA1 = 0.85  # how much of the old average gradient m keeps at each step
BETA2 = 0.99  # how much of the old average squared gradient v keeps
EPS = 1e-8  # keeps the division safe when v is 0


def adam_step(p, g, m, v, t, lr):
    # 1. The new m: BETA1 of the old m, plus (1 - BETA1) of the gradient g.
    # 2. The new v: BETA2 of the old v, plus (1 - BETA2) of g squared.
    # 3. Correct both for starting at 0: divide by (1 - BETA1 ** t) and (1 - BETA2 ** t).
    # 4. Step p: lr times corrected m, divided by (the square root of corrected v, plus EPS).
    # 5. Return the new p, m and v: return p, m, v
    return p, m, v


# One weight, three steps: its gradient is 0.2, 0.2, then -0.1.
p, m, v = 0.5, 0.0, 0.0
for t, g in enumerate([0.2, 0.2, -0.1], start=1):
    p, m, v = adam_step(p, g, m, v, t, 0.01)
    print(t, p, m, v)

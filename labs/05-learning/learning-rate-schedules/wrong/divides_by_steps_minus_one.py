# expect: it reaches 0 at the last step, one step early
def lr_at(step, steps, lr0):
    return lr0 * (1 - step / (steps - 1))

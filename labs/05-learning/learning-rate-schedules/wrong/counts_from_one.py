# expect: one step ahead, so it reaches 0 at the last step
def lr_at(step, steps, lr0):
    return lr0 * (1 - (step + 1) / steps)

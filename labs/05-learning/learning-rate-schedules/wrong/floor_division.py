# expect: the rate never decays
def lr_at(step, steps, lr0):
    return lr0 * (1 - step // steps)

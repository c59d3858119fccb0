# expect: subtracting the share of training done
def lr_at(step, steps, lr0):
    return lr0 - step / steps

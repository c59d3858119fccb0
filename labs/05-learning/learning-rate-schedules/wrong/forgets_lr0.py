# expect: without lr0
def lr_at(step, steps, lr0):
    return 1 - step / steps

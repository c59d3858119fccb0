# expect: the rate never changes
def lr_at(step, steps, lr0):
    return lr0

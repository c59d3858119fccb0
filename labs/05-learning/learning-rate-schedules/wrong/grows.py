# expect: a rate that grows from 0 to lr0
def lr_at(step, steps, lr0):
    return lr0 * step / steps

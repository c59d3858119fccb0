# expect: printed
def lr_at(step, steps, lr0):
    print(lr0 * (1 - step / steps))

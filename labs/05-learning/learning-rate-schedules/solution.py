def lr_at(step, steps, lr0):
    done = step / steps  # the share of training already behind us: 0 at the first step
    return lr0 * (1 - done)


print(lr_at(500, 1000, 0.01))

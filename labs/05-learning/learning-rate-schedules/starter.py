def lr_at(step, steps, lr0):
    # The learning rate at step `step` (counting from 0) of `steps`:
    # lr0 at the start, falling in a straight line towards 0.
    return lr0


print(lr_at(500, 1000, 0.01))

# expect: expected a list with one average per step
def moving_average(losses, window):
    last = losses[-window:]
    return sum(last) / len(last)

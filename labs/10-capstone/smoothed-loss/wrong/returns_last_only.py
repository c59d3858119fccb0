# expect: returned 3.0775, which is a number; expected a list of 6 numbers
def moving_average(losses, window):
    last = losses[-window:]
    return sum(last) / len(last)

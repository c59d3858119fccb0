# expect: wrote the averages into losses
def moving_average(losses, window):
    for i in range(len(losses)):
        last = losses[max(0, i - window + 1):i + 1]
        losses[i] = sum(last) / len(last)
    return losses

# expect: dividing by window at every step
def moving_average(losses, window):
    averages = []
    for i in range(len(losses)):
        last = losses[max(0, i - window + 1):i + 1]
        averages.append(sum(last) / window)
    return averages

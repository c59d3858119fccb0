# expect: window + 1 losses
def moving_average(losses, window):
    averages = []
    for i in range(len(losses)):
        last = losses[max(0, i - window):i + 1]
        averages.append(sum(last) / len(last))
    return averages

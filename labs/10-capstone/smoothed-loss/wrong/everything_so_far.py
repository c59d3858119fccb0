# expect: the average of every loss so far
def moving_average(losses, window):
    averages = []
    total = 0
    for i in range(len(losses)):
        total += losses[i]
        averages.append(total / (i + 1))
    return averages

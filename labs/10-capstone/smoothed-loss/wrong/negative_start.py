# expect: a negative start counts from the end
def moving_average(losses, window):
    averages = []
    for i in range(len(losses)):
        last = losses[i - window + 1:i + 1]
        averages.append(sum(last) / len(last))
    return averages

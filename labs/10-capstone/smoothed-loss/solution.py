def moving_average(losses, window):
    averages = []
    for i in range(len(losses)):
        start = max(0, i - window + 1)  # never below 0: at the start there are fewer losses
        last = losses[start:i + 1]  # up to and including step i
        averages.append(sum(last) / len(last))
    return averages


# The first six losses of the course's run, to 4 decimals, averaged over 3 steps.
print(moving_average([3.366, 3.4243, 3.1778, 3.0664, 3.2209, 2.9452], 3))

def moving_average(losses, window):
    averages = []
    for i in range(len(losses)):
        # The last `window` losses up to and including step i: a slice of losses.
        # At the start there are fewer; average the ones there are.
        averages.append(0)
    return averages


# The first six losses of the course's run, to 4 decimals, averaged over 3 steps.
print(moving_average([3.366, 3.4243, 3.1778, 3.0664, 3.2209, 2.9452], 3))

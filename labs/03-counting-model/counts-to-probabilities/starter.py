def row_probs(row, smoothing=1):
    probs = []
    # Add smoothing to every count; the total is the sum of the smoothed counts.

    # Then each smoothed count divided by that total.

    return probs


print(row_probs([3, 0, 1]))

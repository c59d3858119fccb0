def row_probs(row, smoothing=1):
    smoothed = [count + smoothing for count in row]
    total = sum(smoothed)
    return [count / total for count in smoothed]


print(row_probs([3, 0, 1]))

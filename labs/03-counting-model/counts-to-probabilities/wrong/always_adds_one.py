# expect: use the argument smoothing, not the number 1
def row_probs(row, smoothing=1):
    smoothed = [count + 1 for count in row]
    total = sum(smoothed)
    return [count / total for count in smoothed]

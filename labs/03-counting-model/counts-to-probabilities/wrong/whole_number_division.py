# expect: which divides and throws away everything after the point
def row_probs(row, smoothing=1):
    smoothed = [count + smoothing for count in row]
    total = sum(smoothed)
    return [count // total for count in smoothed]

# expect: the total stays the sum of the plain counts
def row_probs(row, smoothing=1):
    total = sum(row)
    return [(count + smoothing) / total for count in row]

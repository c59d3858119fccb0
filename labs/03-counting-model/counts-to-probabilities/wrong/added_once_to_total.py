# expect: smoothing is added once to the total instead of to every count
def row_probs(row, smoothing=1):
    total = sum(row) + smoothing
    return [count / total for count in row]

# expect: the smoothed counts are written back into row itself
def row_probs(row, smoothing=1):
    for i in range(len(row)):
        row[i] = row[i] + smoothing
    total = sum(row)
    return [count / total for count in row]

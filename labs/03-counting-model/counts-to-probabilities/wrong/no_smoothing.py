# expect: when smoothing is left out
def row_probs(row, smoothing=1):
    total = sum(row)
    probs = []
    for count in row:
        probs.append(count / total)
    return probs

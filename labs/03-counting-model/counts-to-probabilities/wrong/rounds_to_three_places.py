# expect: row_probs([9, 1]) returned [0.833, 0.167]; expected [0.8333, 0.1667]. Called without smoothing, row_probs uses smoothing=1
def row_probs(row, smoothing=1):
    smoothed = [count + smoothing for count in row]
    total = sum(smoothed)
    return [round(c / total, 3) for c in smoothed]

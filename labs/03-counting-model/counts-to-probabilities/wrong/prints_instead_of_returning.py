# expect: print only shows a value on the screen
def row_probs(row, smoothing=1):
    smoothed = [count + smoothing for count in row]
    total = sum(smoothed)
    print([count / total for count in smoothed])

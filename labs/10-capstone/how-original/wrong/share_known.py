# expect: already in the data
def share_new(samples, known):
    if not samples:
        return 0
    old = 0
    for name in samples:
        if name in known:
            old += 1
    return old / len(samples)

# expect: the number of new names, not their share
def share_new(samples, known):
    new = 0
    for name in samples:
        if name not in known:
            new += 1
    return new

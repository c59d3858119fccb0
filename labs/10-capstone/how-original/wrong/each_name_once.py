# expect: counting each new name only once
def share_new(samples, known):
    if not samples:
        return 0
    new = set(samples) - set(known)
    return len(new) / len(samples)

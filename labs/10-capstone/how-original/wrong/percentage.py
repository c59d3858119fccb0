# expect: 100 times too big
def share_new(samples, known):
    if not samples:
        return 0
    new = [name for name in samples if name not in known]
    return 100 * len(new) / len(samples)

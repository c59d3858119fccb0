# expect: if samples is empty, return 0
def share_new(samples, known):
    new = [name for name in samples if name not in known]
    return len(new) / len(samples)

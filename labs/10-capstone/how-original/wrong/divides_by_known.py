# expect: divided by len(known)
def share_new(samples, known):
    new = [name for name in samples if name not in known]
    return len(new) / len(known)

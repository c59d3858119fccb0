# expect: only ours is rounded
def agrees_to(ours, reference, decimals):
    return round(ours, decimals) == reference

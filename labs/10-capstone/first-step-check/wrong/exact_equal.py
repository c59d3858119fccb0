# expect: with no rounding
def agrees_to(ours, reference, decimals):
    return ours == reference

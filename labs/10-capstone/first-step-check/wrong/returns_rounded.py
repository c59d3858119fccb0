# expect: expected True or False
def agrees_to(ours, reference, decimals):
    return round(ours, decimals)

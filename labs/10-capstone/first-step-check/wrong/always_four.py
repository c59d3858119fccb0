# expect: always rounding to 4 places
def agrees_to(ours, reference, decimals):
    return round(ours, 4) == round(reference, 4)

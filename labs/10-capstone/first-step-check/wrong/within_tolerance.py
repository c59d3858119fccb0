# expect: less than 10 ** -decimals apart
def agrees_to(ours, reference, decimals):
    return abs(ours - reference) < 10 ** -decimals

# expect: printed
def agrees_to(ours, reference, decimals):
    print(round(ours, decimals) == round(reference, decimals))

def agrees_to(ours, reference, decimals):
    ours_rounded = round(ours, decimals)
    reference_rounded = round(reference, decimals)
    return ours_rounded == reference_rounded  # == gives True or False


# The course's first step gives 3.3659669475848504; the page shows the reference as 3.366.
print(agrees_to(3.3659669475848504, 3.366, 4))

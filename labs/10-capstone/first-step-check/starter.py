def agrees_to(ours, reference, decimals):
    # round(x, 4) gives x rounded to 4 decimal places.
    # Round both losses to `decimals` places, then compare the two rounded numbers.
    return False


# The course's first step gives 3.3659669475848504; the page shows the reference as 3.366.
print(agrees_to(3.3659669475848504, 3.366, 4))

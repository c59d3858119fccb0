def rmsnorm(x):
    # 1. The mean of the squares: square every number of x, add them up, divide by len(x).
    # 2. Add 1e-5 to it and take the square root (** 0.5): that is the root mean square.
    # 3. Return a new list: every number of x divided by the root mean square.
    return x


def residual_block(x, block):
    # block is a function: give it a list of numbers and it gives back a list of the same length.
    # 1. Normalise x with your rmsnorm.
    # 2. Pass the normalised list to block.
    # 3. Add what block gives back to x (the x you were given), number by number.
    return x


# A stand-in block for trying things out: it doubles every number.
def double(v):
    return [2 * n for n in v]


print(rmsnorm([8, -4, 4, 2]))
print(residual_block([8, -4, 4, 2], double))

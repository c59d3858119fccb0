def linear(x, w):
    """Matrix w times vector x: one dot product for each row of w."""
    out = []
    # For each row of w:
    #   multiply the row and x number by number (zip pairs them up),
    #   add those products up,
    #   and put the total at the end of out.
    return out


def project(x, wq, wk, wv):
    """A letter's query, key and value: x times wq, x times wk, x times wv."""
    q = []
    k = []
    v = []
    return q, k, v


# The lesson's example: a letter's vector x and three matrices of 2 rows and 4 columns.
x = [2, 1, 0, -1]
wq = [[1, 0, 1, 0], [0, 1, -1, 1]]
wk = [[0, 2, 0, 1], [1, 0, 1, 0]]
wv = [[1, 1, 0, 0], [0, 0, 2, -1]]
print(linear(x, wq))
print(project(x, wq, wk, wv))

# expect: a list holding one generator
def embed(token_id, position, wte, wpe):
    """The vector for token `token_id` at place `position` in the word.

    wte has one row per token and wpe one row per position. Return a new list
    with the token's row and the position's row added number by number.
    """
    token_row = wte[token_id]
    position_row = wpe[position]
    x = []
    # For each pair of numbers t and p, one from token_row and one from position_row
    # (zip walks through both lists side by side), put t + p at the end of x.
    x.append(t + p for t, p in zip(token_row, position_row))
    return x


# The toy tables from the lesson: tokens a, e, m, y, BOS have ids 0 to 4.
wte = [[1, 0, -1, 2], [0, 2, 1, -1], [-1, 1, 2, 0], [2, -1, 0, 1], [0, 0, 0, 1]]
wpe = [[0.1, 0.0, 0.0, 0.2], [0.0, 0.3, -0.1, 0.0], [0.2, -0.2, 0.1, 0.0], [-0.1, 0.0, 0.3, 0.1], [0.0, 0.1, 0.0, -0.3]]

# The first "m" of "emma" (token 2 at position 2), then the second "m" (position 3).
print(embed(2, 2, wte, wpe))
print(embed(2, 3, wte, wpe))

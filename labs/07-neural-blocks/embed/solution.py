# The lesson's toy table: one row per token, 3 numbers in each row.
TOY_WTE = [
    [0.5, -1.0, 2.0],  # token 0: a
    [1.5, 0.0, -0.5],  # token 1: b
    [-2.0, 1.0, 0.5],  # token 2: c
    [0.0, 0.5, 1.0],  # token 3: BOS
]


def embed(wte, token):
    # Rows are counted from 0, like token ids, so token i's row is wte[i].
    return wte[token]


print(embed(TOY_WTE, 2))

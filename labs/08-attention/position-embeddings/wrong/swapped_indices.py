# expect: with the two indices swapped
def embed(token_id, position, wte, wpe):
    return [t + p for t, p in zip(wte[position], wpe[token_id])]

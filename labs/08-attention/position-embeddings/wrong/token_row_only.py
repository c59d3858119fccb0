# expect: the token's row, wte[token_id], on its own
def embed(token_id, position, wte, wpe):
    return wte[token_id]

# expect: That is just the token's row
def embed(token_id, position, wte, wpe):
    return wte[token_id]

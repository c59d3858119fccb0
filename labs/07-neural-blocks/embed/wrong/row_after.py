# expect: the row after the token's
def embed(wte, token):
    return wte[token + 1]

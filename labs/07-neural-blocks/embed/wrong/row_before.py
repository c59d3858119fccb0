# expect: the row before the token's
def embed(wte, token):
    return wte[token - 1]

# expect: changed its argument wte
def embed(wte, token):
    return wte.pop(token)

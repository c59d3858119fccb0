# expect: The rows are added: t + p, not t * p
def embed(token_id, position, wte, wpe):
    return [t * p for t, p in zip(wte[token_id], wpe[position])]

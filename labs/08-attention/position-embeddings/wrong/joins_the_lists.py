# expect: + on two lists joins them
def embed(token_id, position, wte, wpe):
    return wte[token_id] + wpe[position]

# expect: does not copy the row
def embed(token_id, position, wte, wpe):
    x = wte[token_id]
    for i in range(len(x)):
        x[i] = x[i] + wpe[position][i]
    return x

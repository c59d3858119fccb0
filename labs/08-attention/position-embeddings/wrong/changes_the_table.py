# expect: does not copy it: the name is a second name
def embed(token_id, position, wte, wpe):
    x = wte[token_id]
    for i in range(len(x)):
        x[i] = x[i] + wpe[position][i]
    return x

# expect: Is your return inside the for loop
def embed(token_id, position, wte, wpe):
    x = []
    for t, p in zip(wte[token_id], wpe[position]):
        x.append(t + p)
        return x

def embed(token_id, position, wte, wpe):
    token_row = wte[token_id]
    position_row = wpe[position]
    return [t + p for t, p in zip(token_row, position_row)]


wte = [[1, 0, -1, 2], [0, 2, 1, -1], [-1, 1, 2, 0], [2, -1, 0, 1], [0, 0, 0, 1]]
wpe = [[0.1, 0.0, 0.0, 0.2], [0.0, 0.3, -0.1, 0.0], [0.2, -0.2, 0.1, 0.0], [-0.1, 0.0, 0.3, 0.1], [0.0, 0.1, 0.0, -0.3]]

print(embed(2, 2, wte, wpe))
print(embed(2, 3, wte, wpe))

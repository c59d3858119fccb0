# expect: exactly column `token` of the table
def embed(wte, token):
    return [row[token] for row in wte]

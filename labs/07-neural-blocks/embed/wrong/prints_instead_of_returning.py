# expect: but returned None. print only shows a value on the screen
def embed(wte, token):
    print(wte[token])

# expect: one fewer than the 6 tokens
def pairs(tokens):
    result = []
    for a, b in zip(tokens, tokens):
        result.append((a, b))
    return result

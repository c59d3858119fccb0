# expect: That is exactly each token paired with itself
def pairs(tokens):
    result = []
    for a, b in zip(tokens, tokens):
        result.append((a, b))
    return result

# expect: That is exactly each pair with its two tokens the other way round
def pairs(tokens):
    result = []
    for a, b in zip(tokens, tokens[1:]):
        result.append((b, a))
    return result

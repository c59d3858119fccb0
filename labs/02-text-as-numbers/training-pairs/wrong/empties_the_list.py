# expect: changed its argument tokens while it ran
def pairs(tokens):
    result = []
    while len(tokens) > 1:
        result.append((tokens[0], tokens[1]))
        tokens.pop(0)
    return result

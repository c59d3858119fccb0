# expect: That is exactly one pair for every second token
def pairs(tokens):
    result = []
    for i in range(0, len(tokens) - 1, 2):
        result.append((tokens[i], tokens[i + 1]))
    return result

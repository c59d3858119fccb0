# expect: IndexError
def pairs(tokens):
    result = []
    for i in range(len(tokens)):
        result.append((tokens[i], tokens[i + 1]))
    return result

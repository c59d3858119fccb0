# expect: That is exactly every pair but the last
def pairs(tokens):
    result = []
    for i in range(len(tokens) - 2):
        result.append((tokens[i], tokens[i + 1]))
    return result

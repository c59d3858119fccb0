def pairs(tokens):
    result = []
    for a, b in zip(tokens, tokens[1:]):
        result.append((a, b))
    return result


print(pairs([26, 4, 12, 12, 0, 26]))

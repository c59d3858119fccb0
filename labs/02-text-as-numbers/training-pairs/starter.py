def pairs(tokens):
    result = []
    # One pair (a, b) for each token a and the token b right after it.

    return result


print(pairs([26, 4, 12, 12, 0, 26]))

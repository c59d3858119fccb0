# expect: all 27 rows are one and the same list
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def bigram_counts(names):
    counts = [[0] * 27] * 27
    for name in names:
        tokens = encode(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts

# expect: only the last name's pairs are left
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def bigram_counts(names):
    for name in names:
        counts = [[0] * 27 for _ in range(27)]
        tokens = encode(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts

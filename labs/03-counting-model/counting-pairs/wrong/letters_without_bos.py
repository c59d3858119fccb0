# expect: the table without BOS
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def bigram_counts(names):
    counts = [[0] * 27 for _ in range(27)]
    for name in names:
        tokens = [chars.index(c) for c in name]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts

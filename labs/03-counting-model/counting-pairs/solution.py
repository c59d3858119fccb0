chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def bigram_counts(names):
    # A new list of zeros for each row: rows that were one list would all count together.
    counts = [[0] * 27 for _ in range(27)]
    for name in names:
        tokens = encode(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts


counts = bigram_counts(["emma", "ava", "anna"])
print(counts[BOS][0])  # how many of these names start with "a"

chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def bigram_counts(names):
    counts = []
    # A table of 27 rows, each a list of 27 zeros.

    # For every name: encode it, walk its pairs (a, b), and add 1 to counts[a][b].

    return counts


counts = bigram_counts(["emma", "ava", "anna"])
print(counts[BOS][0])  # how many of these names start with "a"

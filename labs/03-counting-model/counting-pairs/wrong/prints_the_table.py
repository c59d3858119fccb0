# expect: print only shows a value on the screen
chars = list("abcdefghijklmnopqrstuvwxyz")
BOS = len(chars)


def encode(name):
    return [BOS] + [chars.index(c) for c in name] + [BOS]


def bigram_counts(names):
    counts = [[0] * 27 for _ in range(27)]
    for name in names:
        tokens = encode(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    print(counts)

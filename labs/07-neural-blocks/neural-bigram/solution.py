import math


def softmax(row):
    """Probabilities from logits: exp of each (minus the largest), divided by their total (Module 4)."""
    largest = max(row)
    exps = [math.exp(v - largest) for v in row]
    total = sum(exps)
    return [e / total for e in exps]


def loss(W, counts):
    """The average of -log p over every counted pair (Module 5), to see your step work."""
    total = 0
    for row, row_counts in zip(W, counts):
        probs = softmax(row)
        total -= sum(c * math.log(p) for p, c in zip(probs, row_counts))
    return total / sum(sum(row_counts) for row_counts in counts)


def train_step(W, counts, lr):
    pairs = sum(sum(row_counts) for row_counts in counts)
    new_W = []
    for row, row_counts in zip(W, counts):
        probs = softmax(row)
        row_total = sum(row_counts)
        new_row = []
        for w, p, count in zip(row, probs, row_counts):
            slope = (row_total * p - count) / pairs
            new_row.append(w - lr * slope)  # against the slope: downhill
        new_W.append(new_row)
    return new_W


# The lesson's toy: 3 tokens, 12 pairs, from a table of zeros.
counts = [[0, 3, 1], [2, 0, 2], [4, 0, 0]]
W = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
print(loss(W, counts))
W = train_step(W, counts, 1.0)
print(W)
print(loss(W, counts))

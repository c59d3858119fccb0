# expect: changed its argument W
import math


def softmax(row):
    largest = max(row)
    exps = [math.exp(v - largest) for v in row]
    return [e / sum(exps) for e in exps]


def train_step(W, counts, lr):
    pairs = sum(sum(row) for row in counts)
    for a in range(len(W)):
        probs = softmax(W[a])
        n = sum(counts[a])
        for c in range(len(W[a])):
            W[a][c] -= lr * (n * probs[c] - counts[a][c]) / pairs
    return W

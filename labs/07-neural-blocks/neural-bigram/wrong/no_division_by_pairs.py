# expect: no division by N
import math


def softmax(row):
    largest = max(row)
    exps = [math.exp(v - largest) for v in row]
    return [e / sum(exps) for e in exps]


def train_step(W, counts, lr):
    new_W = []
    for row, row_counts in zip(W, counts):
        probs = softmax(row)
        n = sum(row_counts)
        new_W.append([w - lr * (n * p - c) for w, p, c in zip(row, probs, row_counts)])
    return new_W

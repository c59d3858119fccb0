# expect: but returned None. print only shows a value on the screen
import math


def softmax(row):
    largest = max(row)
    exps = [math.exp(v - largest) for v in row]
    return [e / sum(exps) for e in exps]


def train_step(W, counts, lr):
    pairs = sum(sum(row) for row in counts)
    new_W = []
    for row, row_counts in zip(W, counts):
        probs = softmax(row)
        n = sum(row_counts)
        new_W.append([w - lr * (n * p - c) / pairs for w, p, c in zip(row, probs, row_counts)])
    print(new_W)

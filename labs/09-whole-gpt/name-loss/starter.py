import math


def softmax(logits):
    """Scores to chances (Module 4). Given: use it as it is."""
    largest = max(logits)
    exps = [math.exp(s - largest) for s in logits]
    return [e / sum(exps) for e in exps]


def name_loss(logits, tokens):
    # logits[pos] holds the scores the model gave after reading tokens[pos].
    # 1. For each position, the target is the token that came next.
    # 2. Its loss there is -log of the chance softmax gives the target.
    # 3. Return the average of those losses.
    return 0


# A tiny example: tokens a, b and BOS (token 2); the name "ab" is [2, 0, 1, 2].
tokens = [2, 0, 1, 2]
logits = [[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0]]  # the scores after BOS, after a, after b
print(name_loss(logits, tokens))

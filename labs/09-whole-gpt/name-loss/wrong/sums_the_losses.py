# expect: the sum of the losses
import math


def softmax(logits):
    """Scores to chances (Module 4). Given: use it as it is."""
    largest = max(logits)
    exps = [math.exp(s - largest) for s in logits]
    return [e / sum(exps) for e in exps]


def name_loss(logits, tokens):
    losses = []
    for pos, scores in enumerate(logits):
        target = tokens[pos + 1]  # the token that really came next
        losses.append(-math.log(softmax(scores)[target]))
    return sum(losses)


# A tiny example: tokens a, b and BOS (token 2); the name "ab" is [2, 0, 1, 2].
tokens = [2, 0, 1, 2]
logits = [[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0]]  # the scores after BOS, after a, after b
print(name_loss(logits, tokens))

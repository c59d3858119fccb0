import math


def attend(q, keys, values):
    """One head of attention (Module 8): score, softmax, blend. Given: use it as it is."""
    scale = math.sqrt(len(q))
    scores = []
    for key in keys:
        scores.append(sum(qi * ki for qi, ki in zip(q, key)) / scale)
    top = max(scores)
    raised = [math.exp(score - top) for score in scores]
    total = sum(raised)
    shares = [r / total for r in raised]
    blend = []
    for j in range(len(values[0])):
        blend.append(sum(share * row[j] for share, row in zip(shares, values)))
    return blend


def multi_head(q, keys, values, n_head):
    # 1. How many numbers each head reads: len(q) split n_head ways (a whole number).
    # 2. For each head h, its numbers run from h * head_dim up to (h + 1) * head_dim.
    #    Slice q there, and every key and every value at the same place.
    # 3. attend() on the three slices gives this head's blend.
    # 4. Join the blends end to end, head 0 first, and return the joined list.
    return q


q = [1, 0, 0, 0, 0, 0, 2, 0]
keys = [[1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 2, 0]]
values = [[4, 0, 0, 0, 8, 0, 0, 0], [0, 4, 0, 0, 0, 0, 8, 0]]
print(multi_head(q, keys, values, 2))

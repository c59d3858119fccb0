# expect: zip stops at the shorter list without a word
def dot(a, b):
    total = 0
    for x, y in zip(a, b):
        total += x * y
    return total

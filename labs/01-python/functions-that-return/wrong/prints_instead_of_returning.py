# expect: returned None
def mean(xs):
    print(sum(xs) / len(xs))

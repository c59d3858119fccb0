# expect: a function that reaches its end without `return` gives back None
def name_length(name):
    size = len(name)

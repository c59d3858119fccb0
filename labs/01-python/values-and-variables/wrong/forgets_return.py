# expect: returned None
def name_length(name):
    size = len(name)

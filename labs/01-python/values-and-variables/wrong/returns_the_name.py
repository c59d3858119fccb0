# expect: returned the text 'emma'
def name_length(name):
    return name

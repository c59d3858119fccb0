# expect: A function gives back None when it ends without reaching a return line that has a value
def name_length(name):
    size = len(name)

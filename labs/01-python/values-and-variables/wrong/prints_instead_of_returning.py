# expect: print shows a value on the screen but hands nothing back
def name_length(name):
    print(len(name))


name_length("emma")

# expect: but returned None
def name_length(name):
    print(len(name))


name_length("emma")

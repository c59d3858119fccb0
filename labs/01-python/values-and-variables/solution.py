def name_length(name):
    # len counts the letters of the text held in the variable name.
    return len(name)


print(name_length("emma"))

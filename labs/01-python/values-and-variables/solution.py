def name_length(name):
    # len counts the letters.
    return len(name)


print(name_length("emma"))

def name_length(name):
    # How many letters?
    return 0


print(name_length("emma"))

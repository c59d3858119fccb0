def letter_counts(text):
    counts = {}
    # Add one to the count of each letter of text.
    return counts


def unique_letters(names):
    # Every letter of every name, each once, in alphabetical order, as a list.
    return []


print(letter_counts("emma"))
print(unique_letters(["emma", "olivia", "ava"]))

def letter_counts(text):
    counts = {}
    # One more for each letter.
    return counts


def unique_letters(names):
    # Each letter once, sorted.
    return []


print(letter_counts("emma"))
print(unique_letters(["emma", "olivia", "ava"]))

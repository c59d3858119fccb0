def letter_counts(text):
    counts = {}
    for letter in text:
        # A new letter starts from 0.
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def unique_letters(names):
    letters = set()
    for name in names:
        for letter in name:
            letters.add(letter)
    return sorted(letters)


print(letter_counts("emma"))
print(unique_letters(["emma", "olivia", "ava"]))

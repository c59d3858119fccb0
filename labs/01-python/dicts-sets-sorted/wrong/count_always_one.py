# expect: That is exactly every letter with a count of 1
def letter_counts(text):
    counts = {}
    for letter in text:
        counts[letter] = 1
    return counts


def unique_letters(names):
    letters = set()
    for name in names:
        for letter in name:
            letters.add(letter)
    return sorted(letters)

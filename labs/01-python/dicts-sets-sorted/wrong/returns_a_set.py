# expect: returned a set, not a list
def letter_counts(text):
    counts = {}
    for letter in text:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def unique_letters(names):
    letters = set()
    for name in names:
        for letter in name:
            letters.add(letter)
    return letters

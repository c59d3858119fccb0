# expect: a set keeps each only once
def letter_counts(text):
    counts = {}
    for letter in text:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def unique_letters(names):
    letters = []
    for name in names:
        for letter in name:
            letters.append(letter)
    return sorted(letters)

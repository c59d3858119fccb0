# expect: That is exactly every letter of every name, sorted, repeats and all
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

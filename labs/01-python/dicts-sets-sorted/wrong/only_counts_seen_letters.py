# expect: returned {}; expected {'e': 1, 'm': 2, 'a': 1}
def letter_counts(text):
    counts = {}
    for letter in text:
        if letter in counts:
            counts[letter] = counts[letter] + 1
    return counts


def unique_letters(names):
    letters = set()
    for name in names:
        for letter in name:
            letters.add(letter)
    return sorted(letters)

# expect: returned {'a': 1}; expected {'e': 1, 'm': 2, 'a': 1}
def letter_counts(text):
    for letter in text:
        counts = {}
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def unique_letters(names):
    letters = set()
    for name in names:
        for letter in name:
            letters.add(letter)
    return sorted(letters)

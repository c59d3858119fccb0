# expect: That is exactly the names themselves
def letter_counts(text):
    counts = {}
    for letter in text:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def unique_letters(names):
    return sorted(set(names))

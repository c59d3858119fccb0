# expect: it replaces the letter you were given
def count_letter(names, letter):
    count = 0
    for name in names:
        for letter in name:
            if letter == letter:
                count = count + 1
    return count

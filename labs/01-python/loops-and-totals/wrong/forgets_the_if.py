# expect: every letter counted: add 1 only when a letter equals `letter`
def count_letter(names, letter):
    count = 0
    for name in names:
        for each in name:
            count = count + 1
    return count

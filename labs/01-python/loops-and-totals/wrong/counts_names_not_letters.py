# expect: each one counts
def count_letter(names, letter):
    count = 0
    for name in names:
        if letter in name:
            count = count + 1
    return count

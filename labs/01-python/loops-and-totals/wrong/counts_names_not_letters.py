# expect: That is exactly how many names hold the letter
def count_letter(names, letter):
    count = 0
    for name in names:
        if letter in name:
            count = count + 1
    return count

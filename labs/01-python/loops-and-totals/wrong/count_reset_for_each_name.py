# expect: That is exactly how many the last name holds on its own
def count_letter(names, letter):
    for name in names:
        count = 0
        for each in name:
            if each == letter:
                count = count + 1
    return count

# expect: so the function stops after the first
def count_letter(names, letter):
    count = 0
    for name in names:
        for each in name:
            if each == letter:
                count = count + 1
        return count

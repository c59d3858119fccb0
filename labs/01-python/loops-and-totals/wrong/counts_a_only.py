# expect: is the count of 'a', not of 'm'
def count_letter(names, letter):
    count = 0
    for name in names:
        for each in name:
            if each == "a":
                count = count + 1
    return count

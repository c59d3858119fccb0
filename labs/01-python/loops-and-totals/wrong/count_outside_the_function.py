# expect: Start it at 0 inside the function
count = 0


def count_letter(names, letter):
    global count
    for name in names:
        for each in name:
            if each == letter:
                count = count + 1
    return count

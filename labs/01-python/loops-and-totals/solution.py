def count_letter(names, letter):
    count = 0
    for name in names:
        for each in name:
            if each == letter:
                count = count + 1
    # After both loops: the count is done.
    return count


print(count_letter(["emma", "ava", "mia"], "a"))

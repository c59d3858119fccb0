def count_letter(names, letter):
    count = 0
    for name in names:
        for each in name:
            if each == letter:
                count = count + 1
    # Only after both loops have finished is the count complete.
    return count


print(count_letter(["emma", "ava", "mia"], "a"))

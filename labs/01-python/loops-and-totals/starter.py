def count_letter(names, letter):
    count = 0
    # Go through every name, and every letter of each name.

    return count


print(count_letter(["emma", "ava", "mia"], "a"))

def count_letter(names, letter):
    count = 0
    # Every name, every letter.

    return count


print(count_letter(["emma", "ava", "mia"], "a"))

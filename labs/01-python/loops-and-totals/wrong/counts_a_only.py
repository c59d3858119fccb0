# expect: That is exactly the count of the letter 'a', whatever letter is asked for
def count_letter(names, letter):
    count = 0
    for name in names:
        for each in name:
            if each == "a":
                count = count + 1
    return count

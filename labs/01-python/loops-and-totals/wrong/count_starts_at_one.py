# expect: That is exactly one more than the count: the count starts at 1
def count_letter(names, letter):
    count = 1
    for name in names:
        count = count + name.count(letter)
    return count

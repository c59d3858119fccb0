def load_names(text):
    names = []
    # Cut the text at each newline "\n", then keep each line that is not empty,
    # stripped of spaces and line-end characters.

    return names


print(load_names("emma\nolivia\nava\n"))

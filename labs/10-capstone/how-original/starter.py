def share_new(samples, known):
    # Count the names in samples that are not in known ("not in" tests that).
    # Then divide by how many names were drawn. With no samples, return 0.
    return 0


# Ten names the course's model drew; known holds the six of them that are in the data.
samples = ["kana", "keelan", "alilan", "ariel", "cairi", "mayan", "kenia", "akalen", "danyli", "man"]
known = ["kana", "keelan", "ariel", "mayan", "kenia", "man"]
print(share_new(samples, known))

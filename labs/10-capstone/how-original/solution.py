def share_new(samples, known):
    if not samples:
        return 0  # nothing drawn, so nothing new (and no dividing by 0)
    new = 0
    for name in samples:
        if name not in known:
            new += 1
    return new / len(samples)


# Ten names the course's model drew; known holds the six of them that are in the data.
samples = ["kana", "keelan", "alilan", "ariel", "cairi", "mayan", "kenia", "akalen", "danyli", "man"]
known = ["kana", "keelan", "ariel", "mayan", "kenia", "man"]
print(share_new(samples, known))

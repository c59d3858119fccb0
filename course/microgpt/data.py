"""The training data: makemore's list of 32,033 first names, one per line."""

import hashlib
import os

# Pinned to one commit of karpathy/makemore so the bytes can never change
# under us; the hash below is checked after every download.
MAKEMORE_COMMIT = "988aa59e4d8fefa526d06f3b453ad116258398d4"
NAMES_URL = f"https://raw.githubusercontent.com/karpathy/makemore/{MAKEMORE_COMMIT}/names.txt"
NAMES_SHA256 = "0a30b5557f192f32ab962680889aac5f6fda0f4cecf40a6d0b5694f58ea8cc4d"
NAMES_COUNT = 32_033


class DatasetError(Exception):
    """names.txt could not be fetched, or is not the file we expect."""


def sha256_of_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def names_sha256_ok(path):
    """True when `path` holds exactly makemore's names.txt."""
    return sha256_of_file(path) == NAMES_SHA256


def read_names(path):
    """The names in file order: each line stripped, blank lines dropped."""
    with open(path, encoding="utf-8") as file:
        return [line.strip() for line in file if line.strip()]


def download_names(dest, url=NAMES_URL, timeout=30):
    """Fetch names.txt to `dest`, verify its SHA-256, and return `dest`.

    The file is written to a temporary name first and only renamed into place
    once its hash is right, so a failed or tampered download never leaves a
    bad `dest` behind. Raises DatasetError with a readable message otherwise.
    """
    # Imported here, not at the top: they take a third of a second to import in
    # the browser, where microgpt never downloads anything.
    import http.client
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            content = response.read()
    except (OSError, http.client.HTTPException) as error:  # offline, DNS, timeout, HTTP status
        raise DatasetError(
            f"could not download names.txt from {url}: {error}. "
            f"Are you offline? You can fetch it by hand and check its SHA-256 is {NAMES_SHA256}."
        ) from error
    actual = hashlib.sha256(content).hexdigest()
    if actual != NAMES_SHA256:
        raise DatasetError(f"downloaded names.txt has SHA-256 {actual}, expected {NAMES_SHA256}")
    partial = f"{dest}.part"
    with open(partial, "wb") as file:
        file.write(content)
    os.replace(partial, dest)
    return dest

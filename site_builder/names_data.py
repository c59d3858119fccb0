"""The names the course is about: makemore's names.txt, found or fetched once, never committed.

Lessons from Module 2 on show numbers computed from the names, so the build needs the file:
`NAMES_TXT` when it is set (tests and CI point it at ../shared/data/names.txt), otherwise
the copy in `.cache/names.txt`, downloaded from makemore at a pinned commit the first time
and checked by its SHA-256 like every copy. With neither, the build stops with one line
that says how to provide it.
"""

import functools
import os
from pathlib import Path

from microgpt.data import NAMES_SHA256, DatasetError, download_names, names_sha256_ok, read_names
from site_builder.errors import BuildError

ENV_VAR = "NAMES_TXT"
CACHED = Path(".cache") / "names.txt"


class NamesUnavailable(BuildError):
    """The names file cannot be had; the message says how to provide it."""


def names_path(root):
    """The verified names.txt for the course under `root`, downloading it once if need be."""
    given = os.environ.get(ENV_VAR)
    if given:
        path = Path(given)
        if not path.is_file():
            raise NamesUnavailable(f"{ENV_VAR}={given}: no such file (point it at makemore's names.txt, or unset it to download that file)")
        if not names_sha256_ok(path):
            raise NamesUnavailable(f"{ENV_VAR}={given} is not makemore's names.txt (expected SHA-256 {NAMES_SHA256})")
        return path
    path = Path(root) / CACHED
    if path.is_file() and names_sha256_ok(path):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return Path(download_names(path))
    except DatasetError:
        raise NamesUnavailable(
            f"the course needs makemore's names.txt and could not download it: set {ENV_VAR}=/path/to/names.txt "
            f"or put the file at {CACHED} (SHA-256 {NAMES_SHA256})"
        ) from None


@functools.cache
def _names(path, modified):
    return tuple(read_names(path))


def course_names(root):
    """Every name, in file order; read once per process while the file is unchanged."""
    path = names_path(root)
    return _names(str(path), path.stat().st_mtime_ns)

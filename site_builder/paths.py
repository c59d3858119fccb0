"""Turning names from content into paths, and reading authors' files: the one place that rejects escapes."""

import os
import re
from pathlib import Path

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
BYTE_ORDER_MARK = "\ufeff"  # Windows editors put it at the start of UTF-8 files


class UnsafePath(ValueError):
    pass


class UnreadableSource(ValueError):
    """An author's file the builder will not read; the message says why, `line` where."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def inside(root, *parts):
    """`root / parts`, refusing anything that would land outside `root`."""
    root = Path(root).resolve()
    candidate = root.joinpath(*parts).resolve()
    if not _within(root, candidate):
        raise UnsafePath(f"{'/'.join(map(str, parts))} points outside {root.name}/")
    return candidate


def links_outside(root, path):
    """True when `path`, once its links are followed, is not inside `root`.

    On strings: the loader asks this of every file it reads, and pathlib's parents
    cost more than the reading.
    """
    real_root, real = os.path.realpath(root), os.path.realpath(path)
    return not (real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep))


def _within(root, candidate):
    return candidate == root or root in candidate.parents


def read_source(root, path):
    """The text of an author's file under `root`, as read_text() would give it.

    Refuses a file that links outside `root` (content may not pull in files from
    elsewhere on the machine) and one that is not UTF-8; drops a leading byte-order mark.
    """
    if links_outside(root, path):
        raise UnreadableSource("links outside the course folder")
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UnreadableSource(f"cannot read this file: {error.strerror}") from None
    return decode_source(data)


def decode_source(data):
    """Bytes of a source file as text: UTF-8, no byte-order mark, \\n line endings."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - line_start + 1
        raise UnreadableSource(f"this file is not UTF-8 (byte 0x{data[error.start]:02x} at column {column}); save it as UTF-8", line) from None
    return text.removeprefix(BYTE_ORDER_MARK).replace("\r\n", "\n").replace("\r", "\n")


def is_ignored(path):
    """Files an OS or editor leaves beside the author's (.DS_Store, ._x.md, .#x.md, x.md~): never content."""
    name = Path(path).name
    return name.startswith(".") or name.endswith("~") or (name.startswith("#") and name.endswith("#"))


def is_slug(text):
    return isinstance(text, str) and bool(SLUG.match(text))


def suggest_slug(name):
    """A slug close to `name` ("Softmax" -> "softmax", "Scaled_Dot" -> "scaled-dot"), or None."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")
    return slug or None


def read_checked(path, problems):
    """An author's file as text, or None (and a problem at its line) when it cannot be used."""
    try:
        return read_source(problems.root, path)
    except UnreadableSource as error:
        problems.add(path, str(error), error.line)
        return None


def files_in(folder, pattern):
    """The author's files matching `pattern`, leaving out what an OS or editor leaves behind."""
    return sorted(path for path in Path(folder).glob(pattern) if not is_ignored(path))


def write_whole(path, text):
    """Write `text` to `path` (making its folder) so that no reader, and no other build writing
    the same file at once, ever meets it half written: written beside it, then put in its place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)

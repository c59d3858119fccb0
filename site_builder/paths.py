"""Turning names from content into paths: the one place that rejects escapes."""

import re
from pathlib import Path

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class UnsafePath(ValueError):
    pass


def inside(root, *parts):
    """`root / parts`, refusing anything that would land outside `root`."""
    root = Path(root).resolve()
    candidate = root.joinpath(*parts).resolve()
    if candidate != root and root not in candidate.parents:
        raise UnsafePath(f"{'/'.join(map(str, parts))} points outside {root.name}/")
    return candidate


def is_slug(text):
    return isinstance(text, str) and bool(SLUG.match(text))

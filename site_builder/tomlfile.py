"""Reading TOML with a small typed schema; every error carries a file and a line."""

import bisect
import difflib
import functools
import re
import tomllib
from dataclasses import dataclass

_TOML_POSITION = re.compile(r"\(at line (\d+), column \d+\)")


@dataclass(frozen=True)
class Field:
    name: str
    kind: type | tuple
    required: bool = True
    item_kind: type | None = None  # for lists: the type of every item

    def describe(self):
        if self.kind is list:
            return f"a list of {_PLURAL_NAMES.get(self.item_kind, 'items')}"
        return _KIND_NAMES.get(self.kind, "a value")


_KIND_NAMES = {
    str: "text in quotes",
    int: "a whole number",
    (int, float): "a number",
    list: "a list",
    dict: "a table",
    bool: "true or false",
}
_PLURAL_NAMES = {
    str: "text in quotes",
    int: "whole numbers",
    (int, float): "numbers",
    list: "lists",
    dict: "tables",
    bool: "true or false values",
}


def parse(text, path, problems, line_offset=0):
    """Parse TOML text; on a syntax error record it with its line and return None."""
    try:
        return tomllib.loads(text)
    except RecursionError:  # tomllib recurses once per level of [[[...]]] or {{{...}}}
        lines = text.splitlines() or [""]
        deepest = max(range(len(lines)), key=lambda index: lines[index].count("[") + lines[index].count("{"))
        problems.add(path, "malformed TOML: arrays or tables nested inside each other too deeply to read: flatten them", deepest + 1 + line_offset)
        return None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = _TOML_POSITION.search(message)
        line = int(match.group(1)) + line_offset if match else None
        problems.add(path, f"malformed TOML: {_TOML_POSITION.sub('', message).strip()}", line)
        return None


def key_line(text, key, line_offset=0, after_line=0):
    """The line where `key = ...` is written (first one after `after_line`), for messages."""
    found = _key_lines(text, key)
    at = bisect.bisect_right(found, after_line)
    return found[at] + line_offset if at < len(found) else None


# A file's lines are read once for all the names asked of it: a film asks for the line of each
# of its scenes and items, which read line by line from the top each time took a tenth of a
# second of a build. Texts and names are kept, so the lines found are the file's as it is now.
@functools.lru_cache(maxsize=64)
def _lines(text):
    return tuple(text.splitlines())


@functools.lru_cache(maxsize=1024)
def _key_lines(text, key):
    """The lines (from 1, in order) where `key = ...` is written."""
    pattern = re.compile(rf"^\s*(?:\"{re.escape(key)}\"|{re.escape(key)})\s*=")
    return tuple(number for number, line in enumerate(_lines(text), start=1) if pattern.match(line))


@functools.lru_cache(maxsize=1024)
def _table_lines(text, name):
    """The lines (from 1, in order) of every `[name]` or `[[name]]` header."""
    pattern = re.compile(rf"^\s*\[\[?\s*{re.escape(name)}\s*\]\]?\s*$")
    return tuple(number for number, line in enumerate(_lines(text), start=1) if pattern.match(line))


def table_line(text, name, index=0, line_offset=0):
    """The line of the `index`-th `[name]` or `[[name]]` header."""
    found = _table_lines(text, name)
    return found[index] + line_offset if 0 <= index < len(found) else None


def check_table(data, fields, path, problems, text, where="", line_offset=0, after_line=0):
    """Report missing, mistyped, empty and unknown keys. Returns True when the table is usable.

    An unknown key is reported but leaves the table usable, so one typo gives one
    message instead of a cascade (a module skipped, its lessons "not listed", ...).
    A misspelt required key is one message too: "did you mean 'summary'?" already
    says that 'summary' is missing.
    """
    ok = True
    known = {field.name for field in fields}
    prefix = f"{where}: " if where else ""
    fallback_line = (after_line + line_offset) if after_line else None
    guessed = set()

    def line_of(name):  # looked for only when there is a problem to place: most tables have none
        return key_line(text, name, line_offset, after_line) or fallback_line

    for key in data:
        if key not in known:
            guess = difflib.get_close_matches(key, sorted(known), n=1)
            guessed.update(guess)
            hint = f" (did you mean {guess[0]!r}?)" if guess else f" (expected one of: {', '.join(sorted(known))})"
            problems.add(path, f"{prefix}unknown key {key!r}{hint}", line_of(key))
    for field in fields:
        if field.name not in data:
            if field.required:
                if field.name not in guessed:
                    problems.add(path, f"{prefix}missing {field.name!r}: expected {field.describe()}", fallback_line)
                ok = False
            continue
        value = data[field.name]
        if not _has_kind(value, field.kind) or (
            field.item_kind and not all(_has_kind(item, field.item_kind) for item in value)
        ):
            problems.add(path, f"{prefix}{field.name!r} should be {field.describe()}, not {value!r}", line_of(field.name))
            ok = False
        elif isinstance(value, str) and not value.strip():
            problems.add(path, f"{prefix}{field.name!r} is empty", line_of(field.name))
            ok = False
    return ok


def _has_kind(value, kind):
    if isinstance(value, bool) and kind is not bool:
        return False
    return isinstance(value, kind)

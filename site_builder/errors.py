"""The builder's errors. Rooted in ClickException so the CLI prints them cleanly."""

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

import click


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the course, at a place an author can open."""

    path: str
    line: int | None
    message: str

    @property
    def where(self):
        return f"{self.path}:{self.line}" if self.line else self.path

    def __str__(self):
        return f"{self.where}: {self.message}"


class BuildError(click.ClickException):
    """Something stopped the build that is not the course's fault (a missing tool, say)."""


class CourseInvalid(click.ClickException):
    """The course has problems; every one found is listed, not just the first."""

    def __init__(self, problems):
        self.problems = sorted(set(problems), key=lambda p: (p.path, p.line or 0, p.message))
        count = len(self.problems)
        heading = f"The course has {count} problem{'s' if count != 1 else ''}; the site was left as it was:"
        super().__init__("\n".join([heading, *(f"  {problem}" for problem in self.problems)]))


class Problems:
    """Collects problems while loading, so the author sees them all at once."""

    def __init__(self, root):
        self.root = Path(root)
        self.found = []

    def add(self, path, message, line=None):
        self.found.append(Problem(self.relative(path), line, message))

    def relative(self, path):
        """`path` below the root as it is named in the tree: a link keeps its own name."""
        path = Path(path)
        for base, target in ((self.root.absolute(), path.absolute()), (self.root.resolve(), path.resolve())):
            try:
                return Path(os.path.normpath(target)).relative_to(os.path.normpath(base)).as_posix()
            except ValueError:
                continue
        return path.as_posix()

    def raise_if_any(self):
        if self.found:
            raise CourseInvalid(self.found)

    def __bool__(self):
        return bool(self.found)


def exception_text(error):
    """"ValueError: oops", or just "ValueError" when the exception says nothing more."""
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def did_you_mean(name, choices):
    """" (did you mean 'summary'?)" when one of `choices` is close to `name`; otherwise ""."""
    guess = difflib.get_close_matches(str(name), sorted(map(str, choices)), n=1)
    return f" (did you mean {guess[0]!r}?)" if guess else ""


class WidgetError(ValueError):
    """An author's widget that cannot work, such as a heatmap of a name with digits; the message says what to change."""

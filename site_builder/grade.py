"""`course check`: grade a learner's file with the same checker and messages as the browser."""

from pathlib import Path

from labkit import grading
from site_builder.errors import BuildError, Problems
from site_builder.paths import UnreadableSource, decode_source
from site_builder.verify import VerifiedLab, expected_answers, quiet


def find_lab(course, name):
    """A lab by id ("08-attention/scaled-dot-product") or by folder name when that is unique."""
    lab = course.labs.get(name)
    if lab:
        return lab
    matches = [lab for lab in course.labs if lab.slug == name]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(sorted(lab.id for lab in course.labs))
    raise BuildError(f"no lab called {name!r}; the labs are: {known}")


def grade_file(course, lab, path):
    problems = Problems(course.root)
    expected = expected_answers(lab, problems)
    problems.raise_if_any()
    try:
        code = decode_source(Path(path).read_bytes())
    except UnreadableSource as error:
        where = f"{path}:{error.line}" if error.line else str(path)
        raise BuildError(f"{where}: {error}") from None
    return grading.check(VerifiedLab(lab, expected).bundle(), code)


def format_verdict(result):
    """The verdict as text: the same summary and messages the page shows."""
    lines = [result["summary"]]
    for outcome in result["checks"]:
        mark = "PASS" if outcome["passed"] else "FAIL"
        lines.append(f"  {mark}  {outcome['name']}")
        if not outcome["passed"]:
            lines.extend(f"        {line}" for line in outcome["message"].splitlines())
    if result["error"]:
        lines.append(result["error"]["text"])
    return "\n".join(lines)


__all__ = ["find_lab", "grade_file", "format_verdict", "quiet"]

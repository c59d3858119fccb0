"""`course check`: grade a learner's file with the same checker and messages as the browser."""

from pathlib import Path

from site_builder.check_process import grade_in_child
from site_builder.errors import BuildError, Problems, did_you_mean
from site_builder.paths import UnreadableSource, decode_source
from site_builder.verify import VerifiedLab, expected_answers


def find_lab(course, name):
    """A lab by id ("08-attention/scaled-dot-product"), by its folder
    ("labs/08-attention/scaled-dot-product", from here, from the course or absolute),
    or by folder name when that is unique."""
    lab = course.labs.get(name) or lab_in_folder(course, name)
    if lab:
        return lab
    matches = [lab for lab in course.labs if lab.slug == name]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise BuildError(f"more than one lab is called {name!r}: name one by its id ({', '.join(sorted(lab.id for lab in matches))})")
    known = ", ".join(sorted(lab.id for lab in course.labs))
    raise BuildError(f"no lab called {name!r}{lab_meant(course, name)}; the labs are: {known}")


def lab_in_folder(course, name):
    """The lab whose folder `name` is, read from the current folder first, then from the course."""
    for base in (Path.cwd(), course.root):
        folder = (base / name).resolve()
        found = next((lab for lab in course.labs if lab.src_dir.resolve() == folder), None)
        if found:
            return found
    return None


def lab_meant(course, name):
    """" (did you mean '08-attention/softmax'?)" for a lab named almost right, or ""."""
    # A mistyped folder is compared by what follows labs/, as the ids are.
    typed = name.rstrip("/").rpartition("labs/")[2]
    return did_you_mean(typed, {lab.id for lab in course.labs} | {lab.slug for lab in course.labs})


def grade_file(course, lab, path):
    problems = Problems(course.root)
    expected = expected_answers(lab, problems)
    problems.raise_if_any()
    try:
        code = decode_source(Path(path).read_bytes())
    except UnreadableSource as error:
        where = f"{path}:{error.line}" if error.line else str(path)
        raise BuildError(f"{where}: {error}") from None
    return grade_in_child(VerifiedLab(lab, expected).bundle(), code, lab.time_limit)


def format_verdict(result, printed=""):
    """The verdict as text: what the code printed, then the same summary and messages the page shows."""
    lines = [f"Your code printed:\n{printed.rstrip()}\n"] if printed.strip() else []
    lines.append(result["summary"])
    for outcome in result["checks"]:
        mark = "PASS" if outcome["passed"] else "FAIL"
        lines.append(f"  {mark}  {outcome['name']}")
        if not outcome["passed"]:
            lines.extend(f"        {line}" for line in outcome["message"].splitlines())
    if result["error"]:
        lines.append(result["error"]["text"])
    return "\n".join(lines)


"""`course new lesson` and `course new lab`: a working skeleton an author starts from.

Each skeleton builds as it is: the lesson has its numbers from a provider, a film, a
question and a recap; the lab has a starter that fails, a solution, checks, a known wrong
answer, climbing hints and a worked example checked against the provider. The author
then replaces the made-up example with the real one, file by file.
"""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from site_builder import tomlfile
from site_builder.errors import BuildError, did_you_mean
from site_builder.loader import COURSE_FILE
from site_builder.paths import is_slug, suggest_slug

NUMBERS_DIR = Path("course") / "numbers"


@dataclass(frozen=True)
class ModuleEntry:
    index: int  # its place among course.toml's [[modules]]
    number: int
    slug: str
    lessons: tuple

    @property
    def dir_name(self):
        return f"{self.number:02d}-{self.slug}"


def find_module(root, name):
    """The module `name` means: its number ("3"), its slug ("counting-model") or its folder ("03-counting-model")."""
    data = tomllib.loads((Path(root) / COURSE_FILE).read_text(encoding="utf-8"))
    modules = [ModuleEntry(index, entry["number"], entry["slug"], tuple(entry.get("lessons", ()))) for index, entry in enumerate(data.get("modules", []))]
    for module in modules:
        if name in (str(module.number), module.slug, module.dir_name):
            return module
    known = ", ".join(f"{module.number} ({module.slug})" for module in modules)
    raise BuildError(f"no module {name!r}{did_you_mean(name, [module.slug for module in modules])}; the modules are: {known}")


def checked_slug(slug, what):
    if not is_slug(slug):
        suggestion = suggest_slug(slug)
        example = f" (e.g. {suggestion!r})" if suggestion else ""
        raise BuildError(f"a {what}'s name should be lower-case words joined by hyphens{example}, not {slug!r}")
    return slug


def python_name(slug):
    return slug.replace("-", "_")


def title_of(slug):
    return slug.replace("-", " ").capitalize()


def new_lesson(root, module_name, slug):
    """Write lessons/<module>/<slug>.md, its film and its provider, and list it in course.toml."""
    root, slug = Path(root), checked_slug(slug, "lesson")
    module = find_module(root, module_name)
    lesson = root / "lessons" / module.dir_name / f"{slug}.md"
    if slug in module.lessons or lesson.exists():
        raise BuildError(f"module {module.number} already has a lesson {slug!r} ({lesson.relative_to(root).as_posix()})")
    provider = add_provider(root, module, f"{python_name(slug)}_example", LESSON_PROVIDER)
    lesson.parent.mkdir(parents=True, exist_ok=True)
    lesson.write_text(LESSON.format(title=title_of(slug), numbers=provider), encoding="utf-8")
    lesson.with_name(f"{slug}.film.toml").write_text(FILM.format(numbers=provider), encoding="utf-8")
    list_lesson(root, module, slug)
    return [lesson, lesson.with_name(f"{slug}.film.toml"), root / NUMBERS_DIR / f"{python_name(module.slug)}.py", root / COURSE_FILE]


def new_lab(root, module_name, slug, lesson_slug=None):
    """Write labs/<module>/<slug>/ and its worked example's provider, and add it to a lesson's labs."""
    root, slug = Path(root), checked_slug(slug, "lab")
    module = find_module(root, module_name)
    folder = root / "labs" / module.dir_name / slug
    if folder.exists():
        raise BuildError(f"{folder.relative_to(root).as_posix()} already exists")
    lesson_slug = lesson_slug or slug
    lesson = root / "lessons" / module.dir_name / f"{lesson_slug}.md"
    if not lesson.is_file():
        lessons = ", ".join(module.lessons) or "none yet"
        raise BuildError(f"no lesson {lesson_slug!r} in module {module.number} to hold the lab (its lessons: {lessons}): make it with `course new lesson {module.number} {lesson_slug}`, or name one with --lesson")
    function = python_name(slug)
    provider = add_provider(root, module, f"{function}_worked", LAB_PROVIDER)
    (folder / "wrong").mkdir(parents=True)
    files = {
        "lab.toml": LAB_TOML.format(title=title_of(slug), function=function, numbers=provider),
        "starter.py": STARTER.format(function=function),
        "solution.py": SOLUTION.format(function=function),
        "checks.py": CHECKS.format(function=function),
        "hints.md": HINTS,
        "wrong/adds_instead.py": WRONG.format(function=function),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    add_lab_to_lesson(lesson, slug)
    return [folder / name for name in files] + [lesson, root / NUMBERS_DIR / f"{python_name(module.slug)}.py"]


def add_provider(root, module, function, template):
    """Append a provider function to course/numbers/<module>.py; its "module:function" target."""
    path = root / NUMBERS_DIR / f"{python_name(module.slug)}.py"
    existing = path.read_text(encoding="utf-8") if path.is_file() else f'"""Numbers for Module {module.number}\'s lessons, computed at build time."""\n'
    if re.search(rf"^def {function}\(", existing, re.M):
        raise BuildError(f"{path.relative_to(root).as_posix()} already has a function {function}()")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(existing.rstrip("\n") + "\n\n\n" + template.format(function=function), encoding="utf-8")
    return f"{python_name(module.slug)}:{function}"


def list_lesson(root, module, slug):
    """Add `slug` to the module's `lessons` in course.toml, keeping the file as the author wrote it."""
    path = root / COURSE_FILE
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    start = tomlfile.table_line(text, "modules", module.index)  # 1-based line of its [[modules]]
    end = next((number for number in range(start + 1, len(lines) + 1) if lines[number - 1].lstrip().startswith("[")), len(lines) + 1)
    key = tomlfile.key_line(text, "lessons", after_line=start)
    if key is None or key >= end:
        last = max(number for number in range(start, end) if lines[number - 1].strip() and not lines[number - 1].lstrip().startswith("#"))
        lines.insert(last, f'lessons = ["{slug}"]\n')
    else:
        close = next(number for number in range(key, end) if "]" in lines[number - 1].split("#")[0])
        if close == key:  # lessons = ["a", "b"] on one line
            line = lines[key - 1]
            inside = line[line.index("[") + 1 : line.rindex("]")].strip()
            lines[key - 1] = line[: line.index("[")] + "[" + (f'{inside}, "{slug}"' if inside else f'"{slug}"') + "]" + line[line.rindex("]") + 1 :]
        else:  # one lesson a line, closed by "]" on its own line
            lines.insert(close - 1, f'    "{slug}",\n')
    path.write_text("".join(lines), encoding="utf-8")


def add_lab_to_lesson(lesson, slug):
    """Add `slug` to the lesson's front-matter `labs`, writing the key if it has none."""
    text = lesson.read_text(encoding="utf-8")
    match = re.search(r"^labs\s*=\s*\[(.*?)\]", text, re.M | re.S)
    if match:
        inside = match.group(1).strip().rstrip(",")
        text = text[: match.start(1)] + (f'{inside}, "{slug}"' if inside else f'"{slug}"') + text[match.end(1) :]
    else:
        text = re.sub(r"^(summary\s*=.*)$", rf'\1\nlabs = ["{slug}"]', text, count=1, flags=re.M)
    lesson.write_text(text, encoding="utf-8")


LESSON_PROVIDER = '''def {function}():
    """The lesson's small example. Replace it with the real one: every number the page shows comes from here."""
    a, b = 2, 3
    return {{"a": a, "b": b, "total": a + b}}
'''

LAB_PROVIDER = '''def {function}():
    """The worked example the lab's solution must agree with, computed here apart from the solution."""
    x = 3
    return {{"x": x, "answer": x * 2}}
'''

LESSON = '''+++
title = "{title}"
summary = "One sentence: what a learner can do after this lesson."

[numbers]
example = "{numbers}"
+++

## The idea

Show the idea before you name it: a small example the learner can check by hand.
{{{{ example.a }}}} plus {{{{ example.b }}}} is {{{{ example.total }}}}, and the page computed that
number from `course/numbers/`, never from the text.

```question
type = "choice"
ask = "What is {{{{ example.a }}}} plus {{{{ example.b }}}}?"
choices = ["{{{{ example.total }}}}", "{{{{ example.a * example.b }}}}"]
answer = "{{{{ example.total }}}}"
why = {{ "{{{{ example.a * example.b }}}}" = "That multiplies the two numbers instead of adding them." }}
```

## Recap

- The first thing to remember.
- The second.
- The third.
'''

FILM = '''title = "The idea in motion"

[numbers]
example = "{numbers}"

[[scenes]]
caption = "Start from something the learner knows: {{{{ example.a | num(0) }}}} and {{{{ example.b | num(0) }}}}."
duration = 10

[[scenes.items]]
kind = "text"
text = "{{{{ example.a | num(0) }}}} and {{{{ example.b | num(0) }}}}"

[[scenes]]
caption = "Show one step at a time."
duration = 10

[[scenes.items]]
kind = "text"
text = "{{{{ example.a | num(0) }}}} + {{{{ example.b | num(0) }}}}"

[[scenes]]
caption = "End on the result: {{{{ example.total | num(0) }}}}."
duration = 10

[[scenes.items]]
kind = "text"
text = "{{{{ example.total | num(0) }}}}"
'''

LAB_TOML = '''title = "{title}"
functions = ["{function}"]
description = """
Write `{function}(x)`. Say in one or two sentences what it takes and what it returns.
"""

# The lesson's numbers that the solution's answer for the case `worked` must equal.
[[worked_example]]
case = "worked"
numbers = "{numbers}"
key = "answer"
'''

STARTER = '''def {function}(x):
    # Your code here: return x doubled.
    return None
'''

SOLUTION = '''def {function}(x):
    return x * 2
'''

CHECKS = '''from labkit import Checks

checks = Checks()

worked = checks.case("{function}", 3)
zero = checks.case("{function}", 0)
negative = checks.case("{function}", -4)


@checks.check("The lesson's example")
def worked_example(t):
    t.require_close(worked, "Work through the lesson's example by hand and compare.")


@checks.check("Zero stays zero")
def zero_stays_zero(t):
    t.require_close(zero, "Doubling 0 gives 0: did you add something instead of multiplying?")


@checks.check("Negative numbers")
def negative_numbers(t):
    t.require_close(negative)
'''

HINTS = '''Where to look: the lesson's worked example does exactly this, one step at a time.

---

What to compute: double the number you are given.

---

The shape of the line: `return x ...` with one operator and one number.
'''

WRONG = '''# expect: did you add something instead of multiplying?
def {function}(x):
    return x + 2
'''

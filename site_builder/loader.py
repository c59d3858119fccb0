"""Load the course's plain files into a typed Course, reporting every problem at once."""

import os
from pathlib import Path

import jinja2

from labkit.dropin import HOOKS as DROP_IN_HOOKS
from labkit.model_views import HOOKS as TABLE_HOOKS
from labkit.realmodel import PLUGS
from site_builder import tomlfile, widgets
from site_builder.constants import DEFAULT_TIME_LIMIT
from site_builder.errors import Problems
from site_builder.file_digests import IN_PROCESS
from site_builder.lesson_text import ENVIRONMENT as LESSON_TEXT
from site_builder.model import Course, Lab, Labs, Lesson, Module, Page, WrongAnswer
from site_builder.paths import files_in, is_slug, links_outside, suggest_slug
from site_builder.paths import read_checked as read
from site_builder.tomlfile import Field
from site_builder.worked_examples import TABLE as WORKED_EXAMPLE, load_worked_examples

COURSE_FILE = Path("course") / "course.toml"
FRONT_MATTER_FENCE = "+++"
EXPECT_PREFIX = "# expect:"
HINT_SEPARATOR = "---"
TIME_LIMIT_RANGE = (1, 600)  # seconds; documented in docs/authoring.md
SLUG_RULE = "lower-case words joined by hyphens"

COURSE_FIELDS = [
    Field("title", str),
    Field("summary", str),
    Field("modules", list, item_kind=dict),
    Field("pages", list, required=False, item_kind=str),
    Field("site_path", str, required=False),
]
MODULE_FIELDS = [
    Field("number", int),
    Field("slug", str),
    Field("title", str),
    Field("summary", str),
    Field("lessons", list, required=False, item_kind=str),  # none yet: the module is planned, shown as coming soon
    Field("pages", list, required=False, item_kind=str),
]
LESSON_FIELDS = [
    Field("title", str),
    Field("summary", str),
    Field("labs", list, required=False, item_kind=str),
    Field("numbers", dict, required=False),
]
PAGE_FIELDS = [Field("title", str), Field("summary", str), Field("numbers", dict, required=False)]
LAB_FIELDS = [
    Field("title", str),
    Field("functions", list, item_kind=str),
    Field("description", str),
    Field("time_limit", (int, float), required=False),
    Field("model_hook", str, required=False),
    Field("show_solution", bool, required=False),
    Field("names_view", list, required=False, item_kind=str),
    Field(WORKED_EXAMPLE, (list, dict), required=False),  # a list of tables; worked_examples.py says why a dict is not
]
# The blocks of the real model a lab's function can stand in for, and the functions of
# Module 9 that run on the trained model beside the course's own (labkit/model_views.py).
MODEL_HOOKS = (*PLUGS, *DROP_IN_HOOKS, *TABLE_HOOKS)
LAB_FILES = ("lab.toml", "starter.py", "solution.py", "checks.py", "hints.md")
# Names a lesson's text already means something by: a [numbers] entry may not take them.
RESERVED_NAMES = {
    **{name: "a Jinja2 function" for name in LESSON_TEXT.globals},
    **{name: f"the {name} filter" for name, f in LESSON_TEXT.filters.items() if jinja2.defaults.DEFAULT_FILTERS.get(name) is not f},
    **{name: f"the {name} widget" for name in widgets.inline_names()},
    "self": "Jinja2's own",
}


class Gaps:
    """Module folders whose lessons were not all read, because of a problem already reported.

    In them "no lesson embeds this lab" and "no module uses this folder" would be
    guesses, so they are not said: one mistake gives one message. `unknown` is set when
    a broken module's folder cannot even be named.
    """

    def __init__(self):
        self.dirs = set()
        self.unknown = False

    def add(self, module_dir):
        if module_dir is None:
            self.unknown = True
        else:
            self.dirs.add(module_dir)

    def __contains__(self, module_dir):
        return self.unknown or module_dir in self.dirs


def example(name, suffix="", quote=False):
    """" (e.g. softmax.md)": a name close to `name` that would be accepted, or ""."""
    suggestion = suggest_slug(name)
    if suggestion is None:
        return ""
    return f" (e.g. {suggestion + suffix!r})" if quote else f" (e.g. {suggestion}{suffix})"


def load_course(root):
    """Read course/, lessons/ and labs/ under `root`; raise CourseInvalid listing every problem."""
    root = Path(root)
    problems = Problems(root)
    config_path = root / COURSE_FILE
    if not config_path.is_file():
        problems.add(config_path, "missing: the course definition (title, modules, lessons)")
        problems.raise_if_any()
    text = read(config_path, problems)
    data = None if text is None else tomlfile.parse(text, config_path, problems)
    if data is None or not tomlfile.check_table(data, COURSE_FIELDS, config_path, problems, text):
        problems.raise_if_any()
    labs = load_labs(root, problems)
    page_slugs = data.get("pages", [])
    pages = load_pages(root, page_slugs, text, problems)
    modules, gaps = load_modules(root, data["modules"], text, labs, problems)
    report_unused_labs(labs, modules, gaps, problems)
    report_unknown_module_pages(modules, page_slugs, config_path, text, problems)
    site_path = checked_site_path(data.get("site_path", "/"), config_path, text, problems)
    problems.raise_if_any()
    return Course(root=root, title=data["title"], summary=data["summary"], modules=modules, labs=labs, pages=pages, site_path=site_path)


def checked_site_path(path, config_path, text, problems):
    """The address the site is published under ("/" or "/zero-to-microgpt/"), which the 404 page links from."""
    parts = path.strip("/").split("/") if path.strip("/") else []
    if path.startswith("/") and path.endswith("/") and "//" not in path and all(part not in (".", "..") for part in parts):
        return path
    problems.add(config_path, f"site_path should be the path the site is published under, starting and ending with '/' (like \"/\" or \"/zero-to-microgpt/\"), not {path!r}", tomlfile.key_line(text, "site_path"))
    return "/"


def module_dir_of(entry):
    """The folder a [[modules]] entry names ("08-attention"), or None when it cannot be told."""
    number, slug = entry.get("number"), entry.get("slug")
    if isinstance(number, int) and not isinstance(number, bool) and is_slug(slug):
        return f"{number:02d}-{slug}"
    return None


def load_modules(root, entries, text, labs, problems):
    """The modules, and the Gaps left by the ones (or their lessons) that could not be read."""
    config_path = root / COURSE_FILE
    modules, gaps, seen_slugs, seen_numbers = [], Gaps(), {}, {}
    listed = {}  # module folder -> the lesson files its `lessons` mean (a duplicated module adds its own)
    for index, entry in enumerate(entries):
        line = tomlfile.table_line(text, "modules", index)
        where = f"module {index + 1}"
        if not tomlfile.check_table(entry, MODULE_FIELDS, config_path, problems, text, where, after_line=line or 0):
            gaps.add(module_dir_of(entry))
            continue
        slug, number = entry["slug"], entry["number"]
        if not is_slug(slug):
            problems.add(config_path, f"{where}: slug {slug!r} should be {SLUG_RULE}{example(slug, quote=True)}", line)
            gaps.add(None)
            continue
        for value, seen, what in ((slug, seen_slugs, "slug"), (number, seen_numbers, "number")):
            if value in seen:
                problems.add(config_path, f"{where}: duplicate {what} {value!r} (also used by {seen[value]})", line)
            seen[value] = where
        module_dir = f"{number:02d}-{slug}"
        entry.setdefault("lessons", [])
        listed.setdefault(module_dir, set()).update(name if is_slug(name) else suggest_slug(name) for name in entry["lessons"])
        if module_dir in (module.dir_name for module in modules):
            gaps.add(module_dir)  # a duplicate, reported above: reading the folder again would only repeat it
            continue
        lessons_line = tomlfile.key_line(text, "lessons", after_line=line or 0) or line
        lessons = load_lessons(root, module_dir, entry["lessons"], config_path, lessons_line, labs, problems, gaps)
        modules.append(Module(number, slug, entry["title"], entry["summary"], tuple(lessons), tuple(entry.get("pages", ()))))
    report_unlisted_lessons(root, listed, gaps, problems)
    report_stray_lesson_folders(root, set(listed), gaps, problems)
    return tuple(modules), gaps


def load_lessons(root, module_dir, slugs, config_path, line, labs, problems, gaps):
    folder = root / "lessons" / module_dir
    lessons = []
    for slug in slugs:
        if not is_slug(slug):
            problems.add(config_path, f"lesson {slug!r} should be {SLUG_RULE}{example(slug, quote=True)}", line)
            gaps.add(module_dir)
            continue
        if slugs.count(slug) > 1 and slug in [lesson.slug for lesson in lessons]:
            problems.add(config_path, f"lesson {slug!r} is listed twice in module {module_dir}", line)
            continue
        path = folder / f"{slug}.md"
        if not path.is_file():
            problems.add(config_path, f"lesson {slug!r} is listed but {problems.relative(path)} does not exist", line)
            gaps.add(module_dir)
            continue
        lesson = load_lesson(path, module_dir, slug, labs, problems)
        if lesson:
            lessons.append(lesson)
        else:
            gaps.add(module_dir)
    return lessons


def report_unlisted_lessons(root, listed, gaps, problems):
    """Lesson files no module lists. A name with capitals in the list counts as its lower-case file."""
    for module_dir, names in listed.items():
        for path in files_in(root / "lessons" / module_dir, "*.md"):
            if path.stem not in names:
                gaps.add(module_dir)  # the file's labs are unknown, so they may look unused
                report_unlisted(path, "lesson", "the module's lessons", problems)


def report_unlisted(path, what, where, problems):
    listed = f"this {what} is not listed in {COURSE_FILE.as_posix()}"
    suggestion = suggest_slug(path.stem)
    if is_slug(path.stem):
        problems.add(path, f"{listed} (add {path.stem!r} to {where})")
    elif suggestion:
        problems.add(path, f"{listed}: rename it to {SLUG_RULE} (e.g. {suggestion}{path.suffix}) and add {suggestion!r} to {where}")
    else:
        problems.add(path, f"{listed}: rename it to {SLUG_RULE} and add it to {where}")


def load_pages(root, slugs, text, problems):
    """Pages outside the modules: pages/<slug>.md, each listed in course.toml's `pages`."""
    config_path = root / COURSE_FILE
    line = tomlfile.key_line(text, "pages")
    folder = root / "pages"
    pages = []
    for slug in slugs:
        path = folder / f"{slug}.md"
        if not is_slug(slug):
            problems.add(config_path, f"page {slug!r} should be {SLUG_RULE}{example(slug, quote=True)}", line)
        elif not path.is_file():
            problems.add(config_path, f"page {slug!r} is listed but {problems.relative(path)} does not exist", line)
        else:
            document = load_document(path, PAGE_FIELDS, problems)
            if document:
                meta, body, body_line, _ = document
                pages.append(Page(slug, path, meta["title"], meta["summary"], dict(meta.get("numbers", {})), body, body_line))
    for path in files_in(folder, "*.md"):
        if path.stem not in slugs:
            report_unlisted(path, "page", "`pages`", problems)
    return tuple(pages)


def report_unknown_module_pages(modules, page_slugs, config_path, text, problems):
    """A module's `pages` must be in the course's `pages` (a listed page that failed to load has its own problem)."""
    for index, module in enumerate(modules):
        for slug in module.page_slugs:
            if slug not in page_slugs:
                line = tomlfile.key_line(text, "pages", after_line=tomlfile.table_line(text, "modules", index) or 0)
                problems.add(config_path, f"module {module.slug!r} links page {slug!r}, which is not in the course's `pages`", line)


def report_stray_lesson_folders(root, module_dirs, gaps, problems):
    lessons_root = root / "lessons"
    if lessons_root.is_dir():
        for folder in files_in(lessons_root, "*"):
            if folder.is_dir() and folder.name not in module_dirs and folder.name not in gaps:
                problems.add(folder, f"no module in {COURSE_FILE.as_posix()} uses this folder")


def split_front_matter(text, path, problems):
    """(front matter text, body, the body's first line) or None when the fences are wrong."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != FRONT_MATTER_FENCE:
        problems.add(path, f"a lesson must start with {FRONT_MATTER_FENCE!r} and its front matter (title, summary)", 1)
        return None
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == FRONT_MATTER_FENCE:
            return "".join(lines[1 : number - 1]), "".join(lines[number:]), number + 1
    problems.add(path, f"the front matter is never closed: add a line {FRONT_MATTER_FENCE!r} after it", 1)
    return None


def load_document(path, fields, problems):
    """(front matter, body, body's first line, front matter text) of a Markdown file, or None."""
    text = read(path, problems)
    return None if text is None else parse_document(text, path, fields, problems)


def parse_document(text, path, fields, problems):
    """load_document() of a file's `text`."""
    split = split_front_matter(text, path, problems)
    if split is None:
        return None
    front, body, body_line = split
    meta = tomlfile.parse(front, path, problems, line_offset=1)
    if meta is None or not tomlfile.check_table(meta, fields, path, problems, front, line_offset=1):
        return None
    numbers_header = tomlfile.table_line(front, "numbers") or 0
    for name, target in meta.get("numbers", {}).items():
        line = tomlfile.key_line(front, name, line_offset=1, after_line=numbers_header)
        if name in RESERVED_NAMES:
            problems.add(path, f"{name!r} is a reserved name ({RESERVED_NAMES[name]}): choose another", line)
        elif not isinstance(target, str) or target.count(":") != 1:
            problems.add(path, f"numbers.{name} should be \"module:function\" (a function in course/numbers/), not {target!r}", line)
    return meta, body, body_line, front


def load_lesson(path, module_dir, slug, labs, problems):
    text = read(path, problems)
    read_before = None if text is None else _LESSONS_READ.get((str(path), text))
    if read_before is None:
        before = len(problems.found)
        document = None if text is None else parse_document(text, path, LESSON_FIELDS, problems)
        if document is None:
            return None
        meta, body, body_line, front = document
        lab_slugs = tuple(meta.get("labs", ()))
        line = tomlfile.key_line(front, "labs", line_offset=1)
        report_recap(path, body, body_line, problems)
        read_before = (meta["title"], meta["summary"], lab_slugs, line, dict(meta.get("numbers", {})), body, body_line)
        if len(problems.found) == before:
            if len(_LESSONS_READ) >= MAX_LESSONS_READ:
                _LESSONS_READ.clear()  # a server running all day: start again rather than grow
            _LESSONS_READ[(str(path), text)] = read_before
    title, summary, lab_slugs, line, numbers, body, body_line = read_before
    for lab_slug in dict.fromkeys(lab_slugs):
        lab_id = f"{module_dir}/{lab_slug}"
        if lab_slugs.count(lab_slug) > 1:
            problems.add(path, f"lab {lab_slug!r} is listed twice", line)
        if labs.get(lab_id) is None and lab_id not in labs.failed:  # a lab that failed to load said why
            problems.add(path, f"lab {lab_slug!r} not found: expected a folder labs/{module_dir}/{lab_slug}/", line)
    return Lesson(module_dir, slug, path, title, summary, lab_slugs, dict(numbers), body, body_line)


# `course serve` loads the course again on every save: a lesson file read cleanly before is
# not parsed again while its text is the same (what depends on other files, its labs, is
# checked every time). In this process only.
_LESSONS_READ = {}  # (path, text) -> what load_lesson read from the text
MAX_LESSONS_READ = 2_000


RECAP = "## Recap"


def sections(body, body_line):
    """(line, heading) of each `## ` heading of a lesson's body, leaving out code and question blocks."""
    found, fenced = [], False
    for number, line in enumerate(body.splitlines(), start=body_line):
        if line.strip().startswith(("```", "~~~")) or line.rstrip().endswith("```"):  # {% endfor %}``` closes one too
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            found.append((number, line.strip()))
    return found


def report_recap(path, body, body_line, problems):
    """Every lesson ends with a `## Recap` section: three lines a learner could write on a card."""
    headings = sections(body, body_line)
    recaps = [number for number, heading in headings if heading == RECAP]
    if not recaps:
        last = body_line + max(len(body.splitlines()) - 1, 0)
        problems.add(path, f"the lesson has no {RECAP!r} section: end it with one, three lines a learner could write on a card", last)
        return
    later = [(number, heading) for number, heading in headings if number > recaps[-1]]
    if later:
        number, heading = later[0]
        problems.add(path, f"{heading!r} comes after {RECAP!r}: the recap is the lesson's last section", number)


def load_labs(root, problems):
    labs = Labs()
    for module in files_in(root / "labs", "*"):
        # Where the module's folder really is, asked once for all its labs: each lab's own folder is then one look.
        real_module = os.path.realpath(module)
        for folder in files_in(module, "*") if module.is_dir() else ():
            if not folder.is_dir():
                continue
            lab = load_lab(folder, problems, real_module)
            if lab:
                labs.by_id[lab.id] = lab
            else:
                labs.failed.add(f"{module.name}/{folder.name}")
    return labs


def load_lab(folder, problems, real_parent=None):
    """The Lab in `folder`, or None (with problems). Read again only when one of its files changed.

    `real_parent`: os.path.realpath(folder.parent), when the caller has it.
    """
    signature = folder_signature(folder, real_parent)
    kept = _LABS_READ.get(str(folder))
    if signature is not None and kept and kept[0] == signature:
        return kept[1]
    before = len(problems.found)
    lab = read_lab(folder, problems)
    if signature is not None and lab is not None and len(problems.found) == before:
        _LABS_READ[str(folder)] = (signature, lab)
    return lab


# `course serve` loads the course again on every save, and reading every lab's files costs
# more than the rest of a one-lesson rebuild: a lab that loaded cleanly is kept by the
# digests of its files (site_builder/file_digests.py), in this process only.
_LABS_READ = {}  # folder -> (signature, Lab)


def folder_signature(folder, real_parent=None):
    """Each file of a lab's folder with its digest; None when a link is involved (reading it again checks where it leads)."""
    if real_parent is None or os.path.islink(folder):
        real = os.path.realpath(folder)
    else:
        real = os.path.join(real_parent, os.path.basename(folder))
    if real != os.path.abspath(folder):
        return None
    found = [real]
    try:
        return found if signed_files(folder, found) else None
    except OSError:
        return None


def signed_files(directory, found):
    """Add (path, digest) of each file under `directory` to `found`, a folder's files before its subfolders'; False at a link."""
    with os.scandir(directory) as listing:
        entries = sorted(listing, key=lambda entry: entry.name)
    subfolders = []
    for entry in entries:  # scandir knows each entry's kind without asking the disk again
        if entry.is_symlink():
            return False
        if entry.is_dir(follow_symlinks=False):
            subfolders.append(entry.path)
        else:
            found.append((entry.path, IN_PROCESS.of(entry.path, entry.stat(follow_symlinks=False))))
    return all(signed_files(subfolder, found) for subfolder in subfolders)


def read_lab(folder, problems):
    if links_outside(problems.root, folder):
        problems.add(folder, "links outside the course folder")
        return None
    missing = [name for name in LAB_FILES if not (folder / name).is_file()]
    for name in missing:
        problems.add(folder / name, "missing: every lab needs " + ", ".join(LAB_FILES) + " and a wrong/ folder")
    if missing:
        return None
    texts = {name: read(folder / name, problems) for name in LAB_FILES}
    if None in texts.values():
        return None
    config_path, text = folder / "lab.toml", texts["lab.toml"]
    meta = tomlfile.parse(text, config_path, problems)
    if meta is None or not tomlfile.check_table(meta, LAB_FIELDS, config_path, problems, text):
        return None
    if not is_slug(folder.name):
        problems.add(folder, f"a lab folder's name should be {SLUG_RULE}{example(folder.name)}")
        return None
    hook = meta.get("model_hook")
    if hook is not None and hook not in MODEL_HOOKS:
        line = tomlfile.key_line(text, "model_hook")
        problems.add(config_path, f"model_hook {hook!r} is not a block of the model: expected one of {', '.join(MODEL_HOOKS)}", line)
        return None
    time_limit = meta.get("time_limit", DEFAULT_TIME_LIMIT)
    low, high = TIME_LIMIT_RANGE
    if not low <= time_limit <= high:  # also refuses nan, which no comparison holds for
        line = tomlfile.key_line(text, "time_limit")
        problems.add(config_path, f"time_limit should be a number of seconds from {low} to {high}, not {time_limit!r}", line)
        return None
    worked_examples = load_worked_examples(meta, text, config_path, problems, hook)
    if worked_examples is None:
        return None
    hints = tuple(h.strip() for h in texts["hints.md"].split(f"\n{HINT_SEPARATOR}\n") if h.strip())
    if not hints:
        problems.add(folder / "hints.md", "no hints: write at least one, separating hints with a line '---'")
    wrong = load_wrong_answers(folder, problems)
    return Lab(
        module_dir=folder.parent.name,
        slug=folder.name,
        src_dir=folder,
        title=meta["title"],
        description=meta["description"].strip(),
        functions=tuple(meta["functions"]),
        time_limit=float(time_limit),
        model_hook=hook,
        starter=texts["starter.py"],
        solution=texts["solution.py"],
        checks_source=texts["checks.py"],
        hints=hints,
        wrong_answers=wrong,
        show_solution=meta.get("show_solution", True),
        worked_examples=worked_examples,
        names_view=tuple(meta.get("names_view", ())),
    )


def load_wrong_answers(folder, problems):
    answers, reported = [], False  # a wrong answer with a problem of its own is not "no wrong answers"
    for path in files_in(folder / "wrong", "*.py"):
        code = read(path, problems)
        first = code.splitlines()[0] if code and code.strip() else ""
        if code is None:
            reported = True
        elif not first.startswith(EXPECT_PREFIX) or not first.removeprefix(EXPECT_PREFIX).strip():
            problems.add(path, f"a wrong answer must start with '{EXPECT_PREFIX} <text its failure message contains>'", 1)
            reported = True
        else:
            answers.append(WrongAnswer(path, path.stem, code, first.removeprefix(EXPECT_PREFIX).strip()))
    if not answers and not reported:
        problems.add(folder / "wrong", "no known wrong answers: add at least one wrong/<mistake>.py")
    return tuple(answers)


def report_unused_labs(labs, modules, gaps, problems):
    used = {f"{lesson.module_dir}/{slug}" for module in modules for lesson in module.lessons for slug in lesson.lab_slugs}
    for lab in labs:
        if lab.id not in used and lab.module_dir not in gaps:
            problems.add(lab.src_dir, "no lesson embeds this lab: add it to a lesson's `labs` in the same module")

"""Load the course's plain files into a typed Course, reporting every problem at once."""

from pathlib import Path

from labkit.realmodel import PLUGS
from site_builder import tomlfile
from site_builder.errors import Problems
from site_builder.model import Course, Lab, Labs, Lesson, Module, Page, WrongAnswer
from site_builder.paths import is_slug
from site_builder.tomlfile import Field

COURSE_FILE = Path("course") / "course.toml"
FRONT_MATTER_FENCE = "+++"
EXPECT_PREFIX = "# expect:"
HINT_SEPARATOR = "---"
DEFAULT_TIME_LIMIT = 10.0

COURSE_FIELDS = [
    Field("title", str),
    Field("summary", str),
    Field("modules", list, item_kind=dict),
    Field("pages", list, required=False, item_kind=str),
]
MODULE_FIELDS = [
    Field("number", int),
    Field("slug", str),
    Field("title", str),
    Field("summary", str),
    Field("lessons", list, item_kind=str),
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
]
# The blocks of the real model a lab's function can stand in for.
MODEL_HOOKS = tuple(PLUGS)
LAB_FILES = ("lab.toml", "starter.py", "solution.py", "checks.py", "hints.md")


def load_course(root):
    """Read course/, lessons/ and labs/ under `root`; raise CourseInvalid listing every problem."""
    root = Path(root)
    problems = Problems(root)
    config_path = root / COURSE_FILE
    if not config_path.is_file():
        problems.add(config_path, "missing: the course definition (title, modules, lessons)")
        problems.raise_if_any()
    text = config_path.read_text(encoding="utf-8")
    data = tomlfile.parse(text, config_path, problems)
    if data is None or not tomlfile.check_table(data, COURSE_FIELDS, config_path, problems, text):
        problems.raise_if_any()
    labs = load_labs(root, problems)
    pages = load_pages(root, data.get("pages", []), text, problems)
    modules = load_modules(root, data["modules"], text, labs, problems)
    report_unused_labs(labs, modules, problems)
    report_unknown_module_pages(modules, pages, config_path, text, problems)
    problems.raise_if_any()
    return Course(root=root, title=data["title"], summary=data["summary"], modules=modules, labs=labs, pages=pages)


def load_modules(root, entries, text, labs, problems):
    config_path = root / COURSE_FILE
    modules, seen_slugs, seen_numbers = [], {}, {}
    for index, entry in enumerate(entries):
        line = tomlfile.table_line(text, "modules", index)
        where = f"module {index + 1}"
        if not tomlfile.check_table(entry, MODULE_FIELDS, config_path, problems, text, where, after_line=line or 0):
            continue
        slug, number = entry["slug"], entry["number"]
        if not is_slug(slug):
            problems.add(config_path, f"{where}: slug {slug!r} should be lower-case words joined by hyphens", line)
            continue
        for value, seen, what in ((slug, seen_slugs, "slug"), (number, seen_numbers, "number")):
            if value in seen:
                problems.add(config_path, f"{where}: duplicate {what} {value!r} (also used by {seen[value]})", line)
            seen[value] = where
        module_dir = f"{number:02d}-{slug}"
        lessons_line = tomlfile.key_line(text, "lessons", after_line=line or 0) or line
        lessons = load_lessons(root, module_dir, entry["lessons"], config_path, lessons_line, labs, problems)
        modules.append(Module(number, slug, entry["title"], entry["summary"], tuple(lessons), tuple(entry.get("pages", ()))))
    report_stray_lesson_folders(root, {module.dir_name for module in modules}, problems)
    return tuple(modules)


def load_lessons(root, module_dir, slugs, config_path, line, labs, problems):
    folder = root / "lessons" / module_dir
    lessons = []
    for slug in slugs:
        if not is_slug(slug):
            problems.add(config_path, f"lesson {slug!r} should be lower-case words joined by hyphens", line)
            continue
        if slugs.count(slug) > 1 and slug in [lesson.slug for lesson in lessons]:
            problems.add(config_path, f"lesson {slug!r} is listed twice in module {module_dir}", line)
            continue
        path = folder / f"{slug}.md"
        if not path.is_file():
            problems.add(config_path, f"lesson {slug!r} is listed but {problems.relative(path)} does not exist", line)
            continue
        lesson = load_lesson(path, module_dir, slug, labs, problems)
        if lesson:
            lessons.append(lesson)
    if folder.is_dir():
        for path in sorted(folder.glob("*.md")):
            if path.stem not in slugs:
                problems.add(path, f"this lesson is not listed in {COURSE_FILE.as_posix()} (add {path.stem!r} to the module's lessons)")
    return lessons


def load_pages(root, slugs, text, problems):
    """Pages outside the modules: pages/<slug>.md, each listed in course.toml's `pages`."""
    config_path = root / COURSE_FILE
    line = tomlfile.key_line(text, "pages")
    folder = root / "pages"
    pages = []
    for slug in slugs:
        path = folder / f"{slug}.md"
        if not is_slug(slug):
            problems.add(config_path, f"page {slug!r} should be lower-case words joined by hyphens", line)
        elif not path.is_file():
            problems.add(config_path, f"page {slug!r} is listed but {problems.relative(path)} does not exist", line)
        else:
            document = load_document(path, PAGE_FIELDS, problems)
            if document:
                meta, body, body_line, _ = document
                pages.append(Page(slug, path, meta["title"], meta["summary"], dict(meta.get("numbers", {})), body, body_line))
    if folder.is_dir():
        for path in sorted(folder.glob("*.md")):
            if path.stem not in slugs:
                problems.add(path, f"this page is not listed in {COURSE_FILE.as_posix()} (add {path.stem!r} to `pages`)")
    return tuple(pages)


def report_unknown_module_pages(modules, pages, config_path, text, problems):
    known = {page.slug for page in pages}
    for module in modules:
        for slug in module.page_slugs:
            if slug not in known:
                problems.add(config_path, f"module {module.slug!r} links page {slug!r}, which is not in the course's `pages`", tomlfile.key_line(text, "pages", after_line=tomlfile.table_line(text, "modules", modules.index(module)) or 0))


def report_stray_lesson_folders(root, module_dirs, problems):
    lessons_root = root / "lessons"
    if lessons_root.is_dir():
        for folder in sorted(p for p in lessons_root.iterdir() if p.is_dir()):
            if folder.name not in module_dirs:
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
    split = split_front_matter(path.read_text(encoding="utf-8"), path, problems)
    if split is None:
        return None
    front, body, body_line = split
    meta = tomlfile.parse(front, path, problems, line_offset=1)
    if meta is None or not tomlfile.check_table(meta, fields, path, problems, front, line_offset=1):
        return None
    for name, target in meta.get("numbers", {}).items():
        if not isinstance(target, str) or target.count(":") != 1:
            line = tomlfile.key_line(front, name, line_offset=1)
            problems.add(path, f"numbers.{name} should be \"module:function\" (a function in course/numbers/), not {target!r}", line)
    return meta, body, body_line, front


def load_lesson(path, module_dir, slug, labs, problems):
    document = load_document(path, LESSON_FIELDS, problems)
    if document is None:
        return None
    meta, body, body_line, front = document
    lab_slugs = tuple(meta.get("labs", ()))
    for lab_slug in lab_slugs:
        if labs.get(f"{module_dir}/{lab_slug}") is None:
            line = tomlfile.key_line(front, "labs", line_offset=1)
            problems.add(path, f"lab {lab_slug!r} not found: expected a folder labs/{module_dir}/{lab_slug}/", line)
    numbers = meta.get("numbers", {})
    return Lesson(module_dir, slug, path, meta["title"], meta["summary"], lab_slugs, dict(numbers), body, body_line)


def load_labs(root, problems):
    labs = Labs()
    labs_root = root / "labs"
    if not labs_root.is_dir():
        return labs
    for folder in sorted(p for p in labs_root.glob("*/*") if p.is_dir()):
        lab = load_lab(folder, problems)
        if lab:
            labs.by_id[lab.id] = lab
    return labs


def load_lab(folder, problems):
    missing = [name for name in LAB_FILES if not (folder / name).is_file()]
    for name in missing:
        problems.add(folder / name, "missing: every lab needs " + ", ".join(LAB_FILES) + " and a wrong/ folder")
    if missing:
        return None
    config_path = folder / "lab.toml"
    text = config_path.read_text(encoding="utf-8")
    meta = tomlfile.parse(text, config_path, problems)
    if meta is None or not tomlfile.check_table(meta, LAB_FIELDS, config_path, problems, text):
        return None
    if not is_slug(folder.name):
        problems.add(folder, "a lab folder's name should be lower-case words joined by hyphens")
        return None
    hook = meta.get("model_hook")
    if hook is not None and hook not in MODEL_HOOKS:
        line = tomlfile.key_line(text, "model_hook")
        problems.add(config_path, f"model_hook {hook!r} is not a block of the model: expected one of {', '.join(MODEL_HOOKS)}", line)
        return None
    read = lambda name: (folder / name).read_text(encoding="utf-8")  # noqa: E731
    hints = tuple(h.strip() for h in read("hints.md").split(f"\n{HINT_SEPARATOR}\n") if h.strip())
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
        time_limit=float(meta.get("time_limit", DEFAULT_TIME_LIMIT)),
        model_hook=hook,
        starter=read("starter.py"),
        solution=read("solution.py"),
        checks_source=read("checks.py"),
        hints=hints,
        wrong_answers=wrong,
    )


def load_wrong_answers(folder, problems):
    answers = []
    for path in sorted((folder / "wrong").glob("*.py")):
        code = path.read_text(encoding="utf-8")
        first = code.splitlines()[0] if code.strip() else ""
        if not first.startswith(EXPECT_PREFIX) or not first.removeprefix(EXPECT_PREFIX).strip():
            problems.add(path, f"a wrong answer must start with '{EXPECT_PREFIX} <text its failure message contains>'", 1)
            continue
        answers.append(WrongAnswer(path, path.stem, code, first.removeprefix(EXPECT_PREFIX).strip()))
    if not answers:
        problems.add(folder / "wrong", "no known wrong answers: add at least one wrong/<mistake>.py")
    return tuple(answers)


def report_unused_labs(labs, modules, problems):
    used = {f"{lesson.module_dir}/{slug}" for module in modules for lesson in module.lessons for slug in lesson.lab_slugs}
    for lab in labs:
        if lab.id not in used:
            problems.add(lab.src_dir, "no lesson embeds this lab: add it to a lesson's `labs` in the same module")

"""The build, top to bottom: load, verify, compute, render, check links, write, swap."""

import logging
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from site_builder.assets import Assets
from site_builder.errors import BuildError, Problems
from site_builder.lesson_text import fill_numbers
from site_builder.links import WrittenAt, dead_links, lines_containing, source_files
from site_builder.loader import load_course
from site_builder.markdown_render import render_markdown, renderer_fingerprint
from site_builder.memo import PROCESS_MEMO
from site_builder.films import load_films
from site_builder.mathml import MathError, to_mathml
from site_builder.numbers import Providers, lesson_numbers
from site_builder.offline import write_service_worker
from site_builder.embeds import Embeds
from site_builder.pages import environment, render_site, root_for, solution_files
from site_builder.verify import verify_labs

log = logging.getLogger(__name__)
SITE_MARKER = ".course-build"  # in every site this builder writes: the only kind of folder it replaces
MARKER_TEXT = "Built by `course build`, which replaces this whole folder each time it builds.\n"
# Folders of the course and of the builder: never a place for the site.
SOURCE_FOLDERS = ("course", "lessons", "labs", "pages", "static", "site_builder", "labkit", "tests", "docs", "node_modules", ".git", ".venv")


def build(root, out_dir, live_reload=False, memo=PROCESS_MEMO):
    """Build the course under `root` into `out_dir`. On any error `out_dir` is left as it was."""
    root, out_dir = Path(root), replaceable_out_dir(root, out_dir)
    course = load_course(root)
    problems = Problems(root)
    verified = verify_labs(course.labs, problems, memo)
    providers = Providers(root)
    lesson_html = render_lessons(course, providers, problems, memo)
    films = load_films(course, providers, problems, render_latex=lambda latex: to_mathml(latex, display=True))
    problems.raise_if_any()

    pages = render_site(course, lesson_html, films, live_reload=live_reload)
    files = solution_files(course)
    with staging(out_dir) as stage:
        Assets().write(verified, stage, course.checkpoint)
        report_dead_links(course, pages, files, stage, problems)
        problems.raise_if_any()
        write_files({**pages, **files}, stage)
        if not live_reload:  # `course serve` must always show the files just saved
            write_service_worker(stage)
        (stage / SITE_MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    log.info("Built %d pages and %d labs into %s", len(pages), len(verified), out_dir)
    return course


def render_lessons(course, providers, problems, memo):
    """{lesson id: body HTML}, with computed numbers and widgets filled in and maths as MathML."""
    html = {}
    for lesson in course.documents():
        embeds = Embeds(course.checkpoint, memo, environment())
        text = fill_numbers(lesson, lesson_numbers(lesson, providers, problems), problems, embeds.functions())
        if text is None:
            continue
        try:
            body = memo.get("markdown", [renderer_fingerprint(), text], lambda: render_markdown(text), persist=True)
            html[lesson.id] = embeds.place(body, root_for(lesson.dest_path))
        except MathError as error:
            problems.add(lesson.src_path, str(error), line_containing(lesson, str(error).split("$")[1]))
    return html


def report_dead_links(course, pages, files, stage, problems):
    sources = source_files(course)
    written_at = WrittenAt(sources)
    others = {path.relative_to(stage).as_posix() for path in stage.rglob("*") if path.is_file()} | set(files)
    for page, line, url, reason in dead_links(pages, others, source_of=lambda page: page, site_path=course.site_path):
        if page in sources:
            path, source_line = written_at(page, url)
            problems.add(path, f"dead link {url!r}: {reason}", source_line)
        else:
            problems.add(Path("site_builder/templates"), f"{page}:{line}: dead link {url!r}: {reason}")


def line_containing(lesson, text):
    """The first line of the lesson's source file that contains `text`, for error messages."""
    return next(iter(lines_containing(lesson.src_path, text)), None)


def write_files(files, stage):
    for relative, content in files.items():
        path = stage / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")


def replaceable_out_dir(root, out_dir):
    """`out_dir`, resolved, once replacing it can destroy nothing but an earlier site."""
    root, out = Path(root).resolve(), Path(out_dir).resolve()
    named = f"--out {out_dir}"
    elsewhere = "build into a folder of its own, such as dist"
    if out == out.parent:
        raise BuildError(f"{named} is the root of the filesystem: {elsewhere}")
    if out == root or out in root.parents:
        course = "is the course folder itself" if out == root else f"holds the course folder {root}"
        raise BuildError(f"{named} {course}: the build would replace the course with the site; {elsewhere}")
    source = out.relative_to(root).parts[0] if root in out.parents else None
    if source in SOURCE_FOLDERS:
        where = "is" if out == root / source else "is inside"
        raise BuildError(f"{named} {where} the course's {source}/ folder: the build would put the site among the sources; {elsewhere}")
    if out.exists() and not out.is_dir():
        raise BuildError(f"{named} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not is_a_site(out):
        raise BuildError(f"{named} holds files but no {SITE_MARKER}, so it is not a site this builder made, and building would replace it: delete or empty it, or choose another folder")
    return out


def is_a_site(folder):
    # Sites built before the marker existed have the Pyodide runtime's lock file beside index.html.
    earlier = (folder / "index.html").is_file() and (folder / "pyodide" / "pyodide-lock.json").is_file()
    return (folder / SITE_MARKER).is_file() or earlier


@contextmanager
def staging(out_dir):
    """A temporary folder beside `out_dir` that replaces it only if the build succeeds."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-new-", dir=out_dir.parent))
    try:
        yield stage
        swap_in(stage, out_dir)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def swap_in(stage, out_dir):
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-old-", dir=out_dir.parent))
        out_dir.rename(old / out_dir.name)
    stage.rename(out_dir)
    if old:
        shutil.rmtree(old, ignore_errors=True)

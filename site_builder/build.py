"""The build, top to bottom: load, verify, compute, render, check links, write, swap."""

import logging
import shutil
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

from site_builder.assets import LOCK_FILE, Assets
from site_builder.document_cache import PROCESS_DOCUMENTS
from site_builder.errors import BuildError, Problems
from site_builder.hooks import HOOKS
from site_builder.lesson_text import fill_numbers, fill_text
from site_builder.links import WrittenAt, dead_links, lines_containing, source_files
from site_builder.loader import load_course
from site_builder.markdown_render import NestedTooDeep, render_markdown, renderer_fingerprint
from site_builder.mathml import MathError
from site_builder.memo import PROCESS_MEMO
from site_builder.names_data import names_path
from site_builder.numbers import Providers, lesson_numbers
from site_builder.page_scripts import PageScripts
from site_builder.pages import environment, render_site, root_for
from site_builder.provider_cache import PROCESS_PROVIDER_CACHE
from site_builder.stage import Stage
from site_builder.up_to_date import SITE_MARKER, SiteRecord, swapping
from site_builder.verify import LabVerdicts
from site_builder.widgets import KINDS, PageWidgets, WidgetContext
from site_builder.workers import Workers

log = logging.getLogger(__name__)
MARKER_TEXT = "Built by `course build`, which replaces this whole folder each time it builds.\n"
# Folders of the course and of the builder: never a place for the site.
SOURCE_FOLDERS = ("course", "lessons", "labs", "pages", "static", "site_builder", "labkit", "tests", "docs", "node_modules", ".git", ".venv")


def build(root, out_dir, live_reload=False, memo=PROCESS_MEMO):
    """Build the course under `root` into `out_dir`. On any error `out_dir` is left as it was.

    Returns the course, or None when `out_dir` already held the site these inputs make.
    """
    root, out_dir = Path(root), replaceable_out_dir(root, out_dir)
    # A memo with no disk (a test's, say) means a build that trusts nothing an earlier one left:
    # no record of the site, no provider results or rendered documents kept.
    cache_dir = memo.disk.parent if memo.disk else None
    record = SiteRecord(root, out_dir, live_reload, cache_dir=cache_dir)
    inputs = record.inputs()  # before reading anything: a save made during the build makes it stale
    if record.is_current(inputs):
        log.info("%s is up to date: nothing changed since it was built", out_dir)
        return None
    try:
        return built(root, out_dir, live_reload, memo, record, inputs)
    finally:
        # What was computed holds for the next build, though this one's problems stopped it.
        # Markdown and the pages' links are kept in the process's memo whichever memo the build has.
        memo.save()
        PROCESS_MEMO.save()


def built(root, out_dir, live_reload, memo, record, inputs):
    """The build itself, once build() has found the site out of date."""
    cache_dir = memo.disk.parent if memo.disk else None
    course = load_course(root)
    problems = Problems(root)
    assets = Assets()
    bundling = PageScripts.start(assets.cache)  # esbuild works in its own process until the pages need it
    providers = Providers(root, cache=PROCESS_PROVIDER_CACHE if cache_dir else None, digests=record.digests)
    with Workers() as workers:  # both cores: what a cold build computes is mostly pure Python
        providers.prefetch(numbers_named(course), workers)
        for hook in HOOKS:
            hook.started(workers, live_reload)
        # The labs' problems are kept apart until the end: one must not stop the pages being made and checked.
        verdicts = LabVerdicts(course.labs, Problems(root), memo, providers, workers)
        # No page shows a verdict: the site is made while the workers verify the labs.
        context = WidgetContext(course, providers, problems, memo)
        kept = PROCESS_DOCUMENTS if cache_dir else None
        documents = render_documents(course, context, kept, record.digests, meanwhile=verdicts.send_ready)
        scripts = bundling.result()
        if problems:  # no site can be made of these pages: say every problem, the labs' too
            collected(verdicts, providers, problems)
        pages = render_site(course, documents, scripts, live_reload=live_reload, kept=kept)
        files = {path: text for document in documents.values() for path, text in document.files.items()}
        for hook in HOOKS:
            files.update(hook.files(course, pages))
        with staging(out_dir, recycle=live_reload) as stage:
            assets.write(stage, scripts)
            write_files({**pages, **files}, stage)
            stage.remove_unwritten(keep=[folder for hook in HOOKS for folder in hook.owns])  # before a hook reads the pages
            for hook in HOOKS:
                hook.pages_in(stage.folder, live_reload)
            # The wheel and the lock file are still to come; no page links to them.
            report_dead_links(course, pages, stage.site_paths() | {LOCK_FILE}, problems)
            verified = collected(verdicts, providers, problems)
            # The names ride in the wheel only when a lab samples from them in the browser.
            assets.write_wheel(verified, stage, course.checkpoint, names_path(root) if course.uses_names() else None)
            for hook in HOOKS:
                hook.finished(stage.folder, live_reload)
            stage.write_text(SITE_MARKER, MARKER_TEXT)  # last: the offline copy does not list it
    for hook in HOOKS:
        hook.landed(out_dir, live_reload)
    if live_reload:
        # The author is waiting for the page, not for the record: it is taken once the search index is in.
        record.remember_later(inputs, after=lambda: [hook.settle() for hook in HOOKS])
    else:
        record.remember(inputs)
    log.info("Built %d pages and %d labs into %s", len(pages), len(verified), out_dir)
    return course


def numbers_named(course):
    """The providers the documents, labs and widgets name: read only when they are asked for
    (a build without workers computes each when a page needs it)."""
    yield from course.numbers_named()
    for kind in KINDS.values():
        yield from kind.numbers_named(course)


def collected(verdicts, providers, problems):
    """The verified labs, once every verdict is in; raises every problem found so far, the labs' too."""
    verified = verdicts.collect()
    providers.keep_results()  # even when a page failed: what did compute holds for the next build
    problems.found.extend(verdicts.problems.found)
    problems.raise_if_any()
    return verified


def render_documents(course, context, kept=None, digests=None, meanwhile=lambda: None):
    """{lesson or page id: RenderedDocument}: the text with its numbers and widgets, maths as MathML.

    `kept` (a DocumentCache) gives back a document whose inputs are all unchanged; `digests` is the build's FileDigests.
    `meanwhile()` is called before each document is rendered (to send the workers the labs whose numbers have come).
    A document whose numbers a worker is still computing waits while those whose numbers are in
    are rendered (the problems are sorted when they are said, so the order changes nothing else).
    """
    for kind in KINDS.values():
        kind.check_course(course, context.problems)
    keys = kept.keys(course, digests) if kept else {}
    rendered = {}
    waiting = course.documents()
    while waiting:
        document = next((each for each in waiting if context.providers.ready(each.numbers.values())), waiting[0])
        waiting.remove(document)
        reused = kept.get(document.id, keys.get(document.id)) if kept else None
        if reused is not None:
            rendered[document.id] = reused
            continue
        meanwhile()
        before = len(context.problems.found)
        result = render_document(document, context)
        if result is not None:
            rendered[document.id] = result
            if kept and len(context.problems.found) == before:
                kept.put(document.id, keys.get(document.id), result)
    return {document.id: rendered[document.id] for document in course.documents() if document.id in rendered}


def render_document(document, context):
    """One document's RenderedDocument, or None when its text cannot be rendered (the problems say why)."""
    numbers = lesson_numbers(document, context.providers, context.problems)
    widgets = PageWidgets(KINDS, context, document, fill=lambda text, numbers=numbers: fill_text(text, numbers))
    text = fill_numbers(document, numbers, context.problems, widgets.functions(), body=widgets.body)
    if text is None:
        return None
    try:
        body = context.memo.get("markdown", [renderer_fingerprint(), text], lambda: render_markdown(text), persist=True)
    except (MathError, NestedTooDeep) as error:
        context.problems.add(document.src_path, str(error), line_containing(document, error.latex) if error.latex else None)
        return None
    return widgets.rendered(body, root_for(document.dest_path), environment())


def report_dead_links(course, pages, others, problems):
    """Each link of `pages` to neither a page nor one of `others` (site paths) is a problem at the line that wrote it."""
    sources = source_files(course)
    written_at = WrittenAt(sources)
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
        stage.write_text(relative, content)


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
def staging(out_dir, recycle=False):
    """A Stage beside `out_dir` that replaces it only if the build succeeds.

    `recycle` (`course serve`, whose rebuilds are timed by the author's eye): build in the
    spare folder, the site before last, and keep the site replaced as the next spare.
    """
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    stage = recycled_spare(out_dir) if recycle else None
    stage = stage or Stage(tempfile.mkdtemp(prefix=f".{out_dir.name}-new-", dir=out_dir.parent))
    try:
        yield stage
        with swapping(out_dir):
            swap_in(stage.folder, out_dir, keep_old=recycle)
    finally:
        shutil.rmtree(stage.folder, ignore_errors=True)


def spare_of(out_dir):
    return out_dir.parent / f".{out_dir.name}-spare"


def recycled_spare(out_dir):
    """A Stage in the spare, moved to a staging folder's name; None when there is no spare."""
    stage = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-new-", dir=out_dir.parent))
    try:
        spare_of(out_dir).rename(stage)  # over the empty folder, at once
    except OSError:  # none, or another build took it
        stage.rmdir()
        return None
    return Stage(stage, recycled=True)


def swap_in(stage, out_dir, keep_old=False):
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-old-", dir=out_dir.parent))
        out_dir.rename(old / out_dir.name)
    stage.rename(out_dir)
    if old and keep_old:
        try:
            (old / out_dir.name).rename(spare_of(out_dir))
        except OSError:  # a spare is there already (another build's): this one goes
            pass
        threading.Thread(target=shutil.rmtree, args=(old,), kwargs={"ignore_errors": True}, name="old site removal", daemon=True).start()
    elif old:
        shutil.rmtree(old, ignore_errors=True)

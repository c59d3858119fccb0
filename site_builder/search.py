"""The site's full-text search index, made by Pagefind from the finished pages.

Pagefind (npm `pagefind`, pinned in package.json) reads every page's HTML and writes a
static index of small files under `pagefind/`, which the search box (static/js/search.js)
loads through Pagefind's own `pagefind.js`. Nothing is asked of a server, so the search
works on any static host, and offline once the service worker holds the site.

Pagefind runs only when the pages' HTML changes: its output is kept under .cache/ by a
digest of every indexed page and of the options below. Under `course serve` a rebuild
does not wait for it: the site lands with the index made last, and Pagefind indexes the
new pages meanwhile and puts their index into the served site (a second or so later).
"""

import hashlib
import json
import logging
import os
import platform
import shutil
import sys
import tempfile
import threading
import weakref
from pathlib import Path

from site_builder.assets import PROJECT_ROOT, link_or_copy, start_tool
from site_builder.errors import BuildError
from site_builder.file_digests import files_under

log = logging.getLogger(__name__)
INDEX_DIR = "pagefind"
# Every page is a folder's index.html; the one other page, 404.html, is left out.
PAGES = "**/index.html"
# Only a page's <main> is read: the header, course map and footer are on every page.
ROOT_SELECTOR = "main"
# Inside <main>, what is not the page's own prose: a lab's code, buttons and output, its
# hints (a learner opens them one by one, so a search must not show them), a question's
# buttons, and the notes shown while JavaScript loads. Pagefind itself leaves out <nav>
# (the breadcrumb, the pager) and <script> (the films' and heatmaps' JSON).
EXCLUDED = (
    "[data-editor]",
    "[data-hints]",
    "[data-lab-badge]",
    ".question-actions",
    ".question-choices legend",
    ".lab-toolbar",
    ".lab-python",
    ".lab-help",
    ".lab-output-box",
    "[data-verdict]",
    "[data-model-panel]",
    "[data-film-fallback]",
    ".heatmap-fallback",
)
# pagefind.js and what it loads. The rest of Pagefind's output is its own search UI,
# which the site does not use (static/js/search.js draws the results).
UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css", "pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")


# npm's `pagefind` command is a Node script that looks up Pagefind's own program (installed
# beside it for this platform) and runs it. Run directly, as that script finds it, an index
# saves Node's start: 0.15 s of CPU each time. The script is the way left when it is not found.
PAGEFIND_PROGRAMS = ("pagefind_extended", "pagefind")  # the script's order
PLATFORMS = {"win32": "windows"}  # Node's process.platform, from Python's sys.platform
ARCHITECTURES = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}  # Node's os.arch()


def pagefind_program(node_modules):
    """The program to index a site with: Pagefind's own, where npm installed it, else npm's script."""
    for name in PAGEFIND_PROGRAMS:  # set to run another Pagefind, as the script honours them
        chosen = os.environ.get(f"{name.upper()}_BINARY_PATH")
        if chosen:
            return Path(chosen)
    system = PLATFORMS.get(sys.platform, sys.platform)
    cpu = ARCHITECTURES.get(platform.machine().lower())
    for name in PAGEFIND_PROGRAMS if cpu else ():
        program = Path(node_modules) / "@pagefind" / f"{system}-{cpu}" / "bin" / (f"{name}.exe" if system == "windows" else name)
        if program.is_file() and os.access(program, os.X_OK):
            return program
    return Path(node_modules) / ".bin" / "pagefind"


class SearchIndex:
    def __init__(self, root=PROJECT_ROOT, cache_dir=None):
        self.root = Path(root)
        self.cache = Path(cache_dir or self.root / ".cache" / "build") / "search"
        self.pagefind = pagefind_program(self.root / "node_modules")
        self.latest = None  # the index this process linked last: what a rebuild shows until its own is made
        self.deferred = None  # ({page: its bytes}, cached index to make) for landed()
        self.indexing = threading.Lock()  # one Pagefind at a time, in the order of the builds
        self.threads = []

    def write(self, stage, wait=True):
        """Put the index of the pages in `stage` into `stage/pagefind/`; return the cached folder it came from.

        `wait=False` (course serve): if Pagefind would have to run and an earlier index is to
        hand, link that one now and make the new one in landed(), once the site is in place.
        """
        return self.begin(stage, wait)()

    def begin(self, stage, wait=True):
        """write(), begun: Pagefind, if it must run, works in its own process while the build goes
        on. Returns a function that finishes the index (and returns what write() does)."""
        stage = Path(stage)
        pages = indexed_pages(stage)
        cached = self.cache / self.digest(pages)
        self.deferred = None
        made = lambda: None  # noqa: E731 - nothing to wait for
        if not cached.is_dir():
            if not wait and self.latest is not None and self.latest.is_dir():
                self.deferred = (pages, cached)
                cached = self.latest
            else:
                made = self.started_pagefind(stage, cached)

        def finish():
            made()
            link_tree(cached, stage / INDEX_DIR, exact=True)
            self.latest = cached
            return cached

        return finish

    def snapshot(self, pages):
        """A folder holding `pages` ({path in the site: bytes}), as they were when the build read them.

        Made in the background: a page's folder costs more to make than the rest of a rebuild's
        writes, and the site the pages came from will be rebuilt over.
        """
        self.cache.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=".pages-", dir=self.cache))
        for relative, data in pages.items():
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_bytes(data)
        return folder

    def landed(self, site):
        """The site is in place at `site`: make the index write() deferred, in the background, and put it there."""
        if self.deferred is None:
            return
        pages, cached = self.deferred
        self.deferred = None
        thread = threading.Thread(target=self.index_later, args=(pages, cached, Path(site)), name="search index", daemon=True)
        self.threads = [*(earlier for earlier in self.threads if earlier.is_alive()), thread]
        thread.start()

    def index_later(self, pages, cached, site):
        with self.indexing:
            snapshot = None
            try:
                if not cached.is_dir():
                    snapshot = self.snapshot(pages)
                    self.run_pagefind(snapshot, cached)
                if self.digest(indexed_pages(site)) == cached.name:  # else a newer build is there, with its own index to come
                    link_tree(cached, site / INDEX_DIR)
                    self.latest = cached
            except (BuildError, OSError) as error:  # the pages are served already: say it and go on
                log.warning("the search index was not updated: %s", error)
            finally:
                if snapshot:
                    shutil.rmtree(snapshot, ignore_errors=True)

    def settle(self):
        """Wait for the indexes being made in the background (tests and benchmarks)."""
        for thread in self.threads:
            thread.join()
        self.threads = []

    def digest(self, pages):
        """Of `pages` (indexed_pages()) and of how Pagefind indexes them."""
        digest = hashlib.sha256(json.dumps([self.version(), ROOT_SELECTOR, EXCLUDED, PAGES, UNUSED]).encode())
        for relative, data in pages.items():
            digest.update(relative.encode() + b"\0" + data + b"\0")
        return digest.hexdigest()[:24]

    def version(self):
        package = self.root / "node_modules" / "pagefind" / "package.json"
        if not package.is_file() or not self.pagefind.exists():
            raise BuildError(f"Pagefind is not installed ({package.parent} is missing): run `npm ci`")
        return json.loads(package.read_text(encoding="utf-8"))["version"]

    def run_pagefind(self, stage, cached):
        self.started_pagefind(stage, cached)()

    def started_pagefind(self, stage, cached):
        """Pagefind, started on the pages of `stage`; returns a function that waits for it and
        keeps its index in `cached`. If that is never called (the build failed), Pagefind is
        stopped and its output removed once the function is let go of."""
        cached.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{cached.name}-", dir=cached.parent))
        command = [
            str(self.pagefind),
            "--site", str(stage),
            "--output-path", str(work),
            "--glob", PAGES,
            "--root-selector", ROOT_SELECTOR,
            "--exclude-selectors", ", ".join(EXCLUDED),
            "--force-language", "en",
            "--silent",
        ]  # fmt: skip
        try:
            pagefind = start_tool(command, "Pagefind could not index the site")
        except BuildError:
            shutil.rmtree(work, ignore_errors=True)
            raise

        def kept():
            try:
                pagefind()
                for name in UNUSED:
                    (work / name).unlink(missing_ok=True)
                if not (work / "pagefind.js").is_file():
                    raise BuildError(f"Pagefind wrote no pagefind.js into {work}")
                try:
                    work.rename(cached)
                except OSError:
                    if not cached.is_dir():  # another build made the same index meanwhile: use theirs
                        raise
            finally:
                abandon()

        abandon = weakref.finalize(kept, stop_and_remove, pagefind.process, work)
        return kept


def stop_and_remove(process, folder):
    """A Pagefind no build waits for any more: stopped if it still runs, its output removed."""
    if process.poll() is None:
        process.kill()
        process.wait()
    shutil.rmtree(folder, ignore_errors=True)


def indexed_pages(site):
    """{path in the site: its bytes} of each page Pagefind indexes (PAGES), in order; each file read once."""
    return {relative: Path(path).read_bytes() for relative, path in files_under(site) if relative == "index.html" or relative.endswith("/index.html")}


def link_tree(source, dest, exact=False):
    """Every file of `source` linked at the same place under `dest`, each replaced at once.

    An index put into a served site keeps the earlier index's files beside its own, so a
    page that loaded the earlier one can still fetch them. `exact`: remove them instead (a
    stage, which may hold an index from the site before last, must hold this one alone).
    """
    wanted = set()
    for relative, path in files_under(source):
        target = os.path.join(dest, relative)
        wanted.add(target)
        try:
            if os.path.samefile(path, target):
                continue  # linked already (a stage brought up to date)
        except FileNotFoundError:  # a new stage's, or a new hashed file: nothing to replace
            link_or_copy(path, target)
            continue
        temporary = f"{target}.{os.getpid()}.tmp"
        link_or_copy(path, temporary)
        os.replace(temporary, target)
    if exact:
        for _relative, path in files_under(dest):
            if path not in wanted:
                os.unlink(path)

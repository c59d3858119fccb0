"""The site's full-text search index, made by Pagefind from the finished pages.

Pagefind (npm `pagefind`, pinned in package.json) reads every page's HTML and writes a
static index of small files under `pagefind/`, which the search box (static/js/search.js)
loads through Pagefind's own `pagefind.js`. Nothing is asked of a server, so the search
works on any static host, and offline once the service worker holds the site.

Pagefind runs only when the pages' HTML changes: its output is kept under .cache/ by a
digest of every indexed page and of the options below.
"""

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from site_builder.assets import PROJECT_ROOT, link_or_copy, run_tool
from site_builder.errors import BuildError

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


class SearchIndex:
    def __init__(self, root=PROJECT_ROOT, cache_dir=None):
        self.root = Path(root)
        self.cache = Path(cache_dir or self.root / ".cache" / "build") / "search"
        self.pagefind = self.root / "node_modules" / ".bin" / "pagefind"

    def write(self, stage):
        """Put the index of the pages in `stage` into `stage/pagefind/`; return the cached folder it came from."""
        stage = Path(stage)
        pages = sorted(path for path in stage.glob(PAGES) if path.is_file())
        cached = self.cache / self.digest(stage, pages)
        if not cached.is_dir():
            self.run_pagefind(stage, cached)
        for path in sorted(cached.rglob("*")):
            if path.is_file():
                link_or_copy(path, stage / INDEX_DIR / path.relative_to(cached))
        return cached

    def digest(self, stage, pages):
        digest = hashlib.sha256(json.dumps([self.version(), ROOT_SELECTOR, EXCLUDED, PAGES, UNUSED]).encode())
        for page in pages:
            digest.update(page.relative_to(stage).as_posix().encode() + b"\0" + page.read_bytes() + b"\0")
        return digest.hexdigest()[:24]

    def version(self):
        package = self.root / "node_modules" / "pagefind" / "package.json"
        if not package.is_file() or not self.pagefind.exists():
            raise BuildError(f"Pagefind is not installed ({package.parent} is missing): run `npm ci`")
        return json.loads(package.read_text(encoding="utf-8"))["version"]

    def run_pagefind(self, stage, cached):
        cached.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{cached.name}-", dir=cached.parent))
        try:
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
            run_tool(command, "Pagefind could not index the site")
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
            shutil.rmtree(work, ignore_errors=True)

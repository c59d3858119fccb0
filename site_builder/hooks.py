"""Site-wide outputs, made once every page exists, in the manner of MkDocs' events.

A hook adds files made from the whole set of pages (a search index, say) and may finish
the written site folder (the offline copy lists every file in it). `build()` calls each
hook in the order of HOOKS; a new site-wide output is a new hook, not an edit to build.py.
"""

from pathlib import Path

from site_builder.assets import Assets
from site_builder.hosting import HEADERS_FILE, headers_file_text
from site_builder.offline import write_service_worker
from site_builder.precompress import Compressing, worth_compressing
from site_builder.search import INDEX_DIR, SearchIndex


class SiteHook:
    # Folders of the site that `finished` fills whole: a stage brought up to date leaves them to it.
    owns = ()

    def started(self, workers, live_reload):
        """The build has begun, with its worker processes (site_builder/workers.py): start what is the same in every build."""

    def files(self, course, pages):
        """{site path: text} to write beside the pages."""
        return {}

    def pages_in(self, stage, live_reload):
        """Every page and asset is in `stage` but the lab wheel and the lock file, which wait for the
        labs' verdicts: start what needs only the pages (the labs are still being verified)."""

    def finished(self, stage, live_reload):
        """Change the complete site folder `stage` before it replaces the old site."""

    def landed(self, site, live_reload):
        """The new site is in place at `site`: finish what `finished` left for later (course serve's search index)."""

    def settle(self):
        """Wait for what `landed` left running (tests and benchmarks)."""


class OfflineCopy(SiteHook):
    """The service worker that keeps the whole site for learners who go offline."""

    def finished(self, stage, live_reload):
        if not live_reload:  # `course serve` must always show the files just saved
            write_service_worker(stage)


class Precompressed(SiteHook):
    """`.br` and `.gz` copies of the larger files, for hosts that send them (and `course serve`)."""

    def __init__(self):
        self.compressing = Compressing()

    def started(self, workers, live_reload):
        # The runtime's copies first, beside the work that needs Python: made once, then cached.
        self.compressing = Compressing(workers)
        if not live_reload:  # an author's rebuild writes no copies (pages_in, finished)
            self.compressing.start(Assets().runtime_files(), installed=True)

    def pages_in(self, stage, live_reload):
        if not live_reload:  # an author's rebuild must be quick; the plain files serve as well
            self.compressing.start(path for path in Path(stage).rglob("*") if worth_compressing(path))

    def finished(self, stage, live_reload):
        if not live_reload:
            self.compressing.write(stage)
        self.compressing = Compressing()  # this build's workers end with it


class HostHeaders(SiteHook):
    """`_headers`, read by Netlify and Cloudflare Pages: the isolation headers for every path."""

    def files(self, course, pages):
        return {HEADERS_FILE: headers_file_text()}


class Search(SiteHook):
    """Pagefind's index of the pages, for the search box in every page's header."""

    owns = (INDEX_DIR,)

    def __init__(self, index=None):
        self.index = index or SearchIndex()
        self.finishing = None  # the index begun in pages_in, finished in finished

    def pages_in(self, stage, live_reload):
        # `course serve` indexes too, so an author can try the search on the page being
        # written; but its rebuilds land at once, and the new index follows them.
        self.finishing = self.index.begin(stage, wait=not live_reload)  # Pagefind works meanwhile

    def finished(self, stage, live_reload):
        finishing, self.finishing = self.finishing, None
        finishing()

    def landed(self, site, live_reload):
        self.index.landed(site)

    def settle(self):
        self.index.settle()


# The search index is made from the pages alone (pages_in); of what waits for the wheel, the
# offline copy first, as it lists every file; the compressed copies last, so that sw.js has one too.
HOOKS = (HostHeaders(), Search(), OfflineCopy(), Precompressed())

"""Site-wide outputs, made once every page exists, in the manner of MkDocs' events.

A hook adds files made from the whole set of pages (a search index, say) and may finish
the written site folder (the offline copy lists every file in it). `build()` calls each
hook in the order of HOOKS; a new site-wide output is a new hook, not an edit to build.py.
"""

from site_builder.hosting import HEADERS_FILE, headers_file_text
from site_builder.offline import write_service_worker
from site_builder.precompress import write_compressed
from site_builder.search import INDEX_DIR, SearchIndex


class SiteHook:
    # Folders of the site that `finished` fills whole: a stage brought up to date leaves them to it.
    owns = ()

    def files(self, course, pages):
        """{site path: text} to write beside the pages."""
        return {}

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

    def finished(self, stage, live_reload):
        if not live_reload:  # an author's rebuild must be quick; the plain files serve as well
            write_compressed(stage)


class HostHeaders(SiteHook):
    """`_headers`, read by Netlify and Cloudflare Pages: the isolation headers for every path."""

    def files(self, course, pages):
        return {HEADERS_FILE: headers_file_text()}


class Search(SiteHook):
    """Pagefind's index of the pages, for the search box in every page's header."""

    owns = (INDEX_DIR,)

    def __init__(self, index=None):
        self.index = index or SearchIndex()

    def finished(self, stage, live_reload):
        # `course serve` indexes too, so an author can try the search on the page being
        # written; but its rebuilds land at once, and the new index follows them.
        self.index.write(stage, wait=not live_reload)

    def landed(self, site, live_reload):
        self.index.landed(site)

    def settle(self):
        self.index.settle()


# The search index first: the offline copy lists every file, the index's included; the
# compressed copies last, so that sw.js has one too.
HOOKS = (HostHeaders(), Search(), OfflineCopy(), Precompressed())

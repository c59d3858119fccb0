"""Site-wide outputs, made once every page exists, in the manner of MkDocs' events.

A hook adds files made from the whole set of pages (a search index, say) and may finish
the written site folder (the offline copy lists every file in it). `build()` calls each
hook in the order of HOOKS; a new site-wide output is a new hook, not an edit to build.py.
"""

from site_builder.offline import write_service_worker


class SiteHook:
    def files(self, course, pages):
        """{site path: text} to write beside the pages."""
        return {}

    def finished(self, stage, live_reload):
        """Change the complete site folder `stage` before it replaces the old site."""


class OfflineCopy(SiteHook):
    """The service worker that keeps the whole site for learners who go offline."""

    def finished(self, stage, live_reload):
        if not live_reload:  # `course serve` must always show the files just saved
            write_service_worker(stage)


HOOKS = (OfflineCopy(),)

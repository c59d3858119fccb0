"""Only an entry module starts widgets: importing the film's and heatmap's other modules starts nothing."""

import pytest

from tests.browser import LESSON
from tests.conftest import PROJECT

pytestmark = pytest.mark.browser

STATIC_JS = PROJECT / "static" / "js"
# The scripts a page loads to start its widgets; everything they import is a library.
ENTRY_MODULES = ("film.js", "heatmap.js", "lab.js")
LIBRARY_MODULES = sorted(
    path.name for path in STATIC_JS.glob("*.js") if path.name.startswith(("film-", "heatmap-"))
) + ["dom.js", "model-compare.js"]

STARTED = """() => ({
  films: document.querySelectorAll("[data-film][data-ready]").length,
  heatmaps: [...document.querySelectorAll("section[data-heatmap]")].filter((section) => section.heatmap).length,
})"""
PRESENT = """() => ({
  films: document.querySelectorAll("[data-film]").length,
  heatmaps: document.querySelectorAll("section[data-heatmap]").length,
})"""
IMPORT_ALL = "async (urls) => { for (const url of urls) await import(url); }"


def from_the_sources(route):
    """A module as it is in static/js/, but the entry modules: the site has only the bundles the
    library modules are joined into (site_builder/page_scripts.py)."""
    name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
    if name not in ENTRY_MODULES and (STATIC_JS / name).is_file():
        route.fulfill(path=STATIC_JS / name, content_type="text/javascript")
    else:
        route.fallback()


def test_importing_the_library_modules_starts_no_widget(new_page, site):
    page = new_page(service_workers="block")  # so the routes below see every request
    page.route("**/static/js/*.js*", from_the_sources)
    for entry in ENTRY_MODULES:
        page.route(f"**/static/js/{entry}", lambda route: route.abort())
    page.goto(site + LESSON)
    present = page.evaluate(PRESENT)
    assert present["films"] >= 1 and present["heatmaps"] >= 1, f"{LESSON} should hold a film and a heatmap"

    page.evaluate(IMPORT_ALL, [f"{site}static/js/{name}" for name in LIBRARY_MODULES])
    assert page.evaluate(STARTED) == {"films": 0, "heatmaps": 0}

    # The entry modules do start them (a new URL: the blocked load stays failed in the module map).
    page.unroute_all()
    page.route("**/static/js/*.js*", from_the_sources)
    page.evaluate(IMPORT_ALL, [f"{site}static/js/{name}?entry" for name in ("film.js", "heatmap.js")])
    assert page.evaluate(STARTED) == present

"""The browser tests open the pages tests/courses.py lists: check that the list misses nothing.

A new kind of page (a search page, a glossary) written by the build but not listed there
would never be opened in a browser; this test says so instead.
"""

from tests.courses import NOT_FOUND, every_page, real_course

ASSET_FOLDERS = ("pyodide/", "static/")


def pages_written(site):
    """The address of every HTML page in the built site, as the browser tests write them."""
    pages = set()
    for path in site.rglob("*.html"):
        relative = path.relative_to(site).as_posix()
        if relative.startswith(ASSET_FOLDERS):
            continue
        if relative == "404.html":
            pages.add(NOT_FOUND)
        else:
            pages.add(relative.removesuffix("index.html"))
    return pages


def test_the_browser_tests_open_every_page_the_build_writes(built_site):
    listed = every_page(real_course())
    assert len(listed) == len(set(listed))
    assert set(listed) == pages_written(built_site)

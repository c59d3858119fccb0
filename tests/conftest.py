import shutil
from pathlib import Path

import pytest

from tests.browser import chromium, serving
from tests.python_picture import give_pictures

PROJECT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", help="Rewrite the golden transcript on purpose.")


@pytest.fixture
def mini_course(tmp_path):
    """A private copy of the small fixture course, safe to break."""
    root = tmp_path / "course-root"
    shutil.copytree(FIXTURES / "mini", root)
    return root


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The real course, built once per test run."""
    from site_builder.build import build

    out = tmp_path_factory.mktemp("site") / "dist"
    build(PROJECT, out)
    return out


# ---------- Browser tests ----------


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the whole run: every test works in contexts of its own."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="session")
def site(built_site):
    """The built course on a host that sends COOP/COEP, as the course asks, so Stop can interrupt Python."""
    with serving(built_site, isolated=True) as url:
        yield url


@pytest.fixture(scope="session")
def plain_site(built_site):
    """The same course on a host that cannot send COOP/COEP, so the page is not cross-origin isolated."""
    with serving(built_site, isolated=False) as url:
        yield url


@pytest.fixture
def new_context(browser):
    """Make browser contexts for one test; an uncaught error in any of their pages fails it.

    Without the site's service worker unless a test asks for it (service_workers="allow"): in
    each fresh profile it would download the whole site for its offline copy, which only the
    tests of that copy need (test_browser_offline.py, the search's and the hosting's own).
    With the site's picture of Python's memory unless python_picture=False
    (tests/python_picture.py): the page's Python starts as it would on a second visit.
    """
    contexts, errors = [], []

    def make(python_picture=True, **options):
        options.setdefault("service_workers", "block")
        context = browser.new_context(**options)
        if python_picture:
            give_pictures(context, browser)
        context.on("weberror", lambda error: errors.append(str(error.error)))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert errors == [], errors


@pytest.fixture
def new_page(new_context):
    """Make pages for one test, each in a context of its own made with the options given."""
    return lambda **options: new_context(**options).new_page()


@pytest.fixture
def page(new_page):
    """A page in a fresh context; an uncaught error in it fails the test."""
    return new_page()


# ---------- The widgets fixture course, and watched pages (growtests) ----------
# The player and widget tests work in this small course rather than in Module 8, so
# editing a real lesson never breaks them. Its heatmap needs the trained model: the real
# checkpoint is copied in at test time rather than committed twice.


@pytest.fixture(scope="session")
def widgets_built(tmp_path_factory):
    """The widgets fixture course, built once per test run."""
    from site_builder.build import build
    from tests.courses import WIDGETS_ROOT

    root = tmp_path_factory.mktemp("widgets") / "course-root"
    shutil.copytree(WIDGETS_ROOT, root)
    shutil.copy(PROJECT / "course" / "checkpoint.json", root / "course" / "checkpoint.json")
    out = root.parent / "dist"
    build(root, out)
    return out


@pytest.fixture(scope="session")
def widgets_site(widgets_built):
    """The widgets course on a host that sends COOP/COEP."""
    with serving(widgets_built, isolated=True) as url:
        yield url


@pytest.fixture(scope="session")
def widgets_plain_site(widgets_built):
    """The widgets course on a host that cannot send COOP/COEP."""
    with serving(widgets_built, isolated=False) as url:
        yield url


@pytest.fixture
def watched(browser):
    """Make Watched pages (own site only, every error kept) for one test; options go to their context."""
    from tests.browser import Watched

    opened = []

    def make(site, **options):
        page = Watched(browser, site, **options)
        opened.append(page)
        return page

    yield make
    for page in opened:
        page.context.close()

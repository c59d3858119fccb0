import shutil
from pathlib import Path

import pytest

from tests.browser import chromium, serving

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
    """Make browser contexts for one test; an uncaught error in any of their pages fails it."""
    contexts, errors = [], []

    def make(**options):
        context = browser.new_context(**options)
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

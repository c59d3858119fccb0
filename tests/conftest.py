import shutil
from pathlib import Path

import pytest

from labkit import grading

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


@pytest.fixture
def raise_check_errors(monkeypatch):
    monkeypatch.setattr(grading, "RAISE_CHECK_ERRORS", True)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The real course, built once per test run."""
    from site_builder.build import build

    out = tmp_path_factory.mktemp("site") / "dist"
    build(PROJECT, out)
    return out

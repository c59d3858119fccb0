"""The search index (site_builder/search.py), made by the build's Search hook with Pagefind."""

import gzip
import json
import shutil
from pathlib import Path

import pytest

from site_builder import hooks
from site_builder.build import build
from site_builder.errors import BuildError
from site_builder.offline import is_compressed_copy
from site_builder.search import UNUSED, SearchIndex
from site_builder.search import indexed_pages as pages_indexed
from tests.conftest import FIXTURES


def indexed_pages(site, index_dir="pagefind"):
    """{url: text} of every page in the site's index, read from Pagefind's fragments."""
    pages = {}
    for fragment in (site / index_dir / "fragment").iterdir():
        data = gzip.decompress(fragment.read_bytes())
        record = json.loads(data[data.index(b"{") :])  # after Pagefind's short signature
        pages[record["url"]] = record["content"]
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The fixture course built with an empty search cache, so Pagefind really runs."""
    root = tmp_path_factory.mktemp("course") / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    out = tmp_path_factory.mktemp("site") / "dist"
    search = next(hook for hook in hooks.HOOKS if isinstance(hook, hooks.Search))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "index", SearchIndex(cache_dir=tmp_path_factory.mktemp("cache")))
        build(root, out)
    return out


def test_every_page_but_the_404_is_indexed(site):
    pages = indexed_pages(site)
    assert sorted(pages) == ["/", "/01-basics/", "/01-basics/adding/", "/01-basics/averages/", "/glossary/"]
    entry = json.loads((site / "pagefind/pagefind-entry.json").read_text())
    assert entry["languages"]["en"]["page_count"] == 5


def test_only_each_pages_own_text_is_indexed(site):
    pages = indexed_pages(site)
    assert "2 plus 3 is 5" in pages["/01-basics/adding/"]
    assert "Add two numbers" in pages["/01-basics/adding/"]  # the lab's title and description are the lesson's
    everything = " ".join(pages.values())
    for elsewhere in ("Course map", "Skip to content", "every lab runs in your browser", "Previous lesson", "Next lesson"):
        assert elsewhere not in everything, elsewhere  # the header, the course map, the footer, the pager
    for lab_part in ("Reset code", "Show hint", "Python is loading", "return 0", "Ctrl", "return a + b", "Hint 1"):
        assert lab_part not in pages["/01-basics/adding/"], lab_part  # its buttons, its code, its hints


def test_only_what_pagefind_js_loads_is_published(site):
    published = {path.name for path in (site / "pagefind").iterdir()}
    assert "pagefind.js" in published and "pagefind-worker.js" in published
    assert not published & set(UNUSED)


def test_the_offline_copy_lists_the_index(site):
    worker = (site / "sw.js").read_text()
    files = [path.relative_to(site).as_posix() for path in (site / "pagefind").rglob("*") if path.is_file() and not is_compressed_copy(path)]
    assert files and all(f'"{name}"' in worker for name in files)
    assert [type(hook) for hook in hooks.HOOKS].index(hooks.Search) < [type(hook) for hook in hooks.HOOKS].index(hooks.OfflineCopy)


def test_pagefind_runs_again_only_when_a_page_changes(site, tmp_path, monkeypatch):
    stage = tmp_path / "stage"
    shutil.copytree(site, stage, ignore=shutil.ignore_patterns("pagefind"))
    index = SearchIndex(cache_dir=tmp_path / "cache")
    first = index.write(stage)
    runs = []
    monkeypatch.setattr(SearchIndex, "started_pagefind", lambda self, stage, cached: runs.append(cached) or (lambda: shutil.copytree(first, cached)))

    again = tmp_path / "again"
    shutil.copytree(stage, again, ignore=shutil.ignore_patterns("pagefind"))
    assert index.write(again) == first and runs == []
    assert (again / "pagefind/pagefind.js").read_bytes() == (stage / "pagefind/pagefind.js").read_bytes()

    lesson = again / "01-basics/adding/index.html"
    lesson.write_text(lesson.read_text().replace("2 plus 3 is 5", "2 plus 3 is five"))
    shutil.rmtree(again / "pagefind")
    assert index.write(again) != first and len(runs) == 1


def test_a_missing_pagefind_says_how_to_install_it(tmp_path):
    with pytest.raises(BuildError, match=r"Pagefind is not installed .* run `npm ci`"):
        SearchIndex(root=tmp_path, cache_dir=tmp_path / "cache").write(tmp_path)


def test_under_serve_a_rebuild_lands_with_the_last_index_and_the_new_one_follows(site, tmp_path):
    stage = tmp_path / "stage"
    shutil.copytree(site, stage, ignore=shutil.ignore_patterns("pagefind"))
    index = SearchIndex(cache_dir=tmp_path / "cache")
    first = index.write(stage, wait=False)  # nothing made yet to show instead: it waits
    assert "2 plus 3 is 5" in indexed_pages(stage)["/01-basics/adding/"]

    served = tmp_path / "served"
    shutil.copytree(stage, served, ignore=shutil.ignore_patterns("pagefind"))
    lesson = served / "01-basics/adding/index.html"
    lesson.write_text(lesson.read_text().replace("2 plus 3 is 5", "2 plus 3 is five"))
    assert index.write(served, wait=False) == first, "the rebuild should not wait for Pagefind"
    assert "2 plus 3 is 5" in indexed_pages(served)["/01-basics/adding/"]
    index.landed(served)
    index.settle()
    assert index.latest != first and "2 plus 3 is five" in indexed_pages(index.latest, ".")["/01-basics/adding/"]
    # The new index is in the served site, beside the files of the one pages had loaded.
    for path in index.latest.rglob("*"):
        if path.is_file():
            assert (served / "pagefind" / path.relative_to(index.latest)).read_bytes() == path.read_bytes(), path.name


def test_the_pages_indexed_are_every_index_html_and_nothing_else(tmp_path):
    for relative in ("index.html", "a/index.html", "a/b/index.html", "404.html", "a/notes.html", "static/index.js", "a/index.html.gz"):
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(relative)
    pages = pages_indexed(tmp_path)
    assert pages == {"a/b/index.html": b"a/b/index.html", "a/index.html": b"a/index.html", "index.html": b"index.html"}
    assert sorted(pages) == sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.glob("**/index.html"))


def fake_pagefind(root, script):
    """A SearchIndex whose Pagefind is the shell `script` (the version file is what the digest reads)."""
    tool = root / "node_modules" / ".bin" / "pagefind"
    tool.parent.mkdir(parents=True)
    tool.write_text(f"#!/bin/sh\n{script}\n")
    tool.chmod(0o755)
    package = root / "node_modules" / "pagefind" / "package.json"
    package.parent.mkdir(parents=True)
    package.write_text('{"version": "0.0.0"}')
    return SearchIndex(root=root, cache_dir=root / "cache")


def test_pagefind_works_while_the_build_goes_on_and_its_failure_is_said_when_waited_for(site, tmp_path):
    # This Pagefind ends only once the build has gone on past begin() and made the flag file;
    # had begin() waited for it, it would have given up after 20 s and said nothing.
    flag = tmp_path / "flag"
    index = fake_pagefind(tmp_path, f"for i in $(seq 200); do [ -f {flag} ] && break; sleep 0.1; done\n"
                                    f"[ -f {flag} ] || exit 9\necho 'no pages to index' >&2; exit 3")
    finish = index.begin(site)
    flag.touch()
    with pytest.raises(BuildError, match="Pagefind could not index the site:\nno pages to index"):
        finish()
    assert not [path for path in (tmp_path / "cache").iterdir() if path.name.startswith(".")], "its half-made index is left"


def test_a_pagefind_no_build_waits_for_is_stopped_and_its_output_removed(site, tmp_path):
    import gc
    import os
    import time

    pid_file = tmp_path / "pid"
    index = fake_pagefind(tmp_path, f"echo $$ > {pid_file}; exec sleep 30")
    finish = index.begin(site)  # then the build fails, and nothing calls finish()
    deadline = time.monotonic() + 5
    while not (pid_file.is_file() and pid_file.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.01)
    pid = int(pid_file.read_text())
    del finish
    gc.collect()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert not [path for path in (tmp_path / "cache").iterdir() if path.name.startswith(".")]


def test_pagefind_is_run_as_its_npm_script_finds_it_else_through_the_script(tmp_path, monkeypatch):
    from site_builder.assets import PROJECT_ROOT
    from site_builder.search import pagefind_program

    for name in ("PAGEFIND_EXTENDED_BINARY_PATH", "PAGEFIND_BINARY_PATH"):
        monkeypatch.delenv(name, raising=False)
    installed = pagefind_program(PROJECT_ROOT / "node_modules")
    assert installed.name in ("pagefind_extended", "pagefind_extended.exe") and installed.parent.parent.parent.name == "@pagefind"
    with installed.open("rb") as program:
        assert program.read(2) != b"#!"  # the program itself, not a script that starts Node first

    modules = tmp_path / "node_modules"
    script = modules / ".bin" / "pagefind"
    assert pagefind_program(modules) == script  # nothing installed for this platform
    program = modules / "@pagefind" / f"{installed.parent.parent.name}" / "bin" / "pagefind"
    program.parent.mkdir(parents=True)
    program.write_text("not runnable")
    assert pagefind_program(modules) == script  # not a program it may run
    program.chmod(0o755)
    assert pagefind_program(modules) == program
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", "/opt/pagefind")
    assert pagefind_program(modules) == Path("/opt/pagefind")

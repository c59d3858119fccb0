"""After one visit, the whole course works offline: pages, Python and every lab."""

import html
import json
import re
import shutil
from contextlib import closing

import pytest
from playwright.sync_api import expect

from site_builder.constants import COMPILED_STDLIB
from site_builder.offline import RUNTIME_PREFIX, is_runtime, write_service_worker
from site_builder.precompress import write_compressed
from tests.browser import button, ready_lab, serving, set_code, verdict
from tests.courses import NOT_FOUND, every_page, lab_name, real_course
from tests.python_picture import wait_until_kept

pytestmark = pytest.mark.browser

WAIT_FOR_OFFLINE_COPY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const names = await caches.keys();
  const cache = await caches.open(names.find((name) => name.startsWith("zero-to-microgpt-") && !name.startsWith("%s")));
  return (await cache.keys()).length;
}""" % RUNTIME_PREFIX
# Which of the given addresses the offline copy (its pages and Python's runtime) does not hold.
NOT_CACHED = """async (urls) => {
  const missing = [];
  for (const url of urls) if (!(await caches.match(url))) missing.push(url);
  return missing;
}"""
COURSE = real_course()
# The lesson these tests work in: the first with a lab, whichever that is as the course grows.
LESSON = next(lesson for lesson in COURSE.lessons() if COURSE.labs.for_lesson(lesson))
LAB = COURSE.labs.for_lesson(LESSON)[0]


def test_lessons_and_labs_work_offline_after_one_visit(browser, site):
    with closing(browser.new_context()) as context:
        page = context.new_page()
        page.goto(site)
        cached = page.evaluate(WAIT_FOR_OFFLINE_COPY)
        assert cached > 20
        pages = [site + path for path in every_page(COURSE) if path != NOT_FOUND]
        assert page.evaluate(NOT_CACHED, pages) == []
        assert page.evaluate(NOT_CACHED, [site + "pyodide/pyodide.asm.wasm", site + "pyodide/" + COMPILED_STDLIB]) == []
        # Pyodide's own library is published, but the course's Python loads the compiled one.
        assert page.evaluate(NOT_CACHED, [site + "pyodide/python_stdlib.zip"]) == [site + "pyodide/python_stdlib.zip"]
        context.set_offline(True)
        page.goto(site + LESSON.url)
        expect(page.get_by_role("heading", level=1)).to_contain_text(LESSON.title)
        lab = ready_lab(page, lab_name(LAB))
        set_code(page, lab, LAB.solution)
        button(lab, "Check").click()
        expect(verdict(lab)).to_contain_text("All checks passed", timeout=15_000)

        # Offline, an address the build does not have gets the site's own 404 page, not the
        # browser's error; an address typed without its final slash still finds its lesson.
        page.goto(site + LESSON.module_dir + "/no-such-lesson/")
        expect(page.get_by_role("heading", level=1)).to_have_text("This page is not here")
        other = COURSE.lessons()[-1]
        page.goto(site + other.url.rstrip("/"))
        expect(page.get_by_role("heading", level=1)).to_contain_text(other.title)
        # The offline copy keeps each file under its address alone: a query finds it still.
        page.goto(site + other.url + "?from=search")
        expect(page.get_by_role("heading", level=1)).to_contain_text(other.title)


def test_a_new_build_gets_a_new_cache_name(built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy)
    before = re.search(r'const CACHE = "([^"]+)"', (copy / "sw.js").read_text()).group(1)
    (copy / "index.html").write_text((copy / "index.html").read_text() + "<!-- changed -->")
    assert write_service_worker(copy) != before


def runtime_cache(sw_text):
    return re.search(r'const RUNTIME = "([^"]+)"', sw_text).group(1)


def test_pythons_runtime_keeps_its_cache_while_the_pages_change(built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy)
    runtime = runtime_cache((copy / "sw.js").read_text())
    (copy / "index.html").write_text((copy / "index.html").read_text() + "<!-- changed -->")
    write_service_worker(copy)
    assert runtime_cache((copy / "sw.js").read_text()) == runtime
    wasm = copy / "pyodide" / "pyodide.asm.wasm"
    wasm.write_bytes(wasm.read_bytes() + b"\0")  # another Pyodide
    write_service_worker(copy)
    assert runtime_cache((copy / "sw.js").read_text()) != runtime
    assert is_runtime("pyodide/pyodide.asm.wasm") and not is_runtime("pyodide/pyodide-lock.json")


def test_the_python_worker_reads_its_runtime_from_the_cache_the_service_worker_fills(built_site):
    """The worker names the runtime's cache from the files the build was to publish, sw.js from
    the files it found in the finished site: the two must be the same name, or the worker would
    look in a cache that is never filled (and ask the server for every runtime file)."""
    filled = runtime_cache((built_site / "sw.js").read_text())
    constants_text = (built_site / "static/js/course-constants.js").read_text()
    assert re.search(r'export const RUNTIME_CACHE = "([^"]+)";', constants_text).group(1) == filled
    worker = (built_site / "static/js/python-worker.js").read_text()
    assert re.search(r'RUNTIME_CACHE = "([^"]+)"', worker).group(1) == filled


def test_a_python_from_the_picture_reads_its_runtime_from_the_offline_copy(browser, site):
    """Once the offline copy holds the runtime, a Python started from the picture reads the
    WebAssembly and the library from that cache itself: it asks neither the server nor the
    service worker for them, nor whether they are there."""
    with closing(browser.new_context()) as context:
        page = context.new_page()
        page.goto(site + LESSON.url)
        ready_lab(page, lab_name(LAB))
        page.evaluate(WAIT_FOR_OFFLINE_COPY)
        wait_until_kept(page)
        runtime = ("/pyodide/pyodide.asm.wasm", f"/pyodide/{COMPILED_STDLIB}")
        asked = []
        page.on("request", lambda request: asked.append((request.method, request.url.rsplit("/", 1)[1])) if request.url.endswith(runtime) else None)
        page.goto(site + LESSON.url)
        lab = ready_lab(page, lab_name(LAB))
        expect(lab).to_have_attribute("data-python-started-from", "picture")
        set_code(page, lab, LAB.solution)
        button(lab, "Check").click()
        expect(verdict(lab)).to_contain_text("All checks passed", timeout=15_000)
        assert asked == []


def test_the_offline_copy_keeps_the_compiled_library_and_not_pyodides_own(built_site):
    listed = json.loads(re.search(r"const RUNTIME_FILES = (\[[^\]]*\]);", (built_site / "sw.js").read_text()).group(1))
    assert f"pyodide/{COMPILED_STDLIB}" in listed and "pyodide/python_stdlib.zip" not in listed
    assert "python_stdlib.zip" not in (built_site / "sw.js").read_text().replace(COMPILED_STDLIB, "")
    assert (built_site / "pyodide" / "python_stdlib.zip").is_file(), "published as Pyodide has it"


def test_a_new_build_is_offered_and_replaces_the_old_copy_whole(browser, built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy)
    lesson = copy / LESSON.dest_path
    with serving(copy) as url, closing(browser.new_context()) as context:
        page = context.new_page()
        page.goto(url + LESSON.url)
        page.evaluate(WAIT_FOR_OFFLINE_COPY)
        page.reload()  # now served from the offline copy
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_contain_text(LESSON.title)
        runtime = runtime_cache((copy / "sw.js").read_text())

        # The author rebuilds: a changed lesson and a new service worker. Python's runtime is
        # the same, and the learner must not download it again: taken off the server, it
        # would fail the new copy if it were asked for.
        title = html.escape(LESSON.title, quote=False)
        lesson.write_text(lesson.read_text().replace(title, title + ", revised"))
        write_service_worker(copy)
        write_compressed(copy, tmp_path / "compressed")  # as the build does last: the server sends these
        assert runtime_cache((copy / "sw.js").read_text()) == runtime
        for path in (copy / "pyodide").iterdir():
            if is_runtime(f"pyodide/{path.name}"):
                path.unlink()
        page.reload()
        # Until the learner says so, the page stays whole on the old build ...
        expect(heading).not_to_contain_text("revised")
        note = page.locator("[data-version-note]")
        expect(note).to_contain_text("A new version of this course is ready.", timeout=20_000)
        # ... and one click brings the new one, with the old copy gone.
        note.get_by_role("button", name="Reload with the new version").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text(LESSON.title + ", revised")
        # One copy of the site and one of the runtime; the picture of Python's memory is kept
        # apart from both, on purpose.
        names = [name for name in page.evaluate("caches.keys()") if name.startswith("zero-to-microgpt-")]
        assert len(names) == 2 and runtime in names, names
        assert page.evaluate(NOT_CACHED, [url + "pyodide/pyodide.asm.wasm"]) == []

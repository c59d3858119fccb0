import json
import threading
import urllib.error
import urllib.request

import pytest

from site_builder.build import build
from site_builder.serve import PROJECT_ROOT, Reloads, make_server, rebuild, watched_folders

AVERAGES = "lessons/01-basics/averages.md"


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "404.html").write_text("missing page")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("export {}")
    return tmp_path


def start(site, isolated=True, reloads=None):
    server = make_server(site, "127.0.0.1", 0, reloads or Reloads(), isolated=isolated)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def next_event(stream):
    """(name, data) of the next server-sent event."""
    name, data = None, None
    while True:
        line = stream.readline().decode("utf-8")
        assert line, "the server closed the stream"
        assert not line.startswith(":"), "no event: the server sent a keep-alive instead"
        if line == "\n" and name:
            return name, data
        if line.startswith("event: "):
            name = line.removeprefix("event: ").strip()
        elif line.startswith("data: "):
            data = json.loads(line.removeprefix("data: "))


def test_pages_are_cross_origin_isolated_and_typed(site):
    server, url = start(site)
    try:
        with urllib.request.urlopen(url) as response:
            assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
            assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        with urllib.request.urlopen(url + "pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + "pyodide/pyodide.mjs") as response:
            assert response.headers["Content-Type"] == "text/javascript"
    finally:
        server.shutdown()


def fetched(url, accept=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def test_a_compressed_copy_goes_to_a_browser_that_accepts_it(site):
    import gzip

    import brotli

    wasm = b"\0asm" + bytes(range(256)) * 64
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(wasm)
    (site / "pyodide" / "pyodide.asm.wasm.br").write_bytes(brotli.compress(wasm))
    (site / "pyodide" / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(wasm))
    (site / "index.html.gz").write_bytes(gzip.compress(b"home"))
    server, url = start(site)
    try:
        headers, body = fetched(url + "pyodide/pyodide.asm.wasm", "gzip, deflate, br")
        assert headers["Content-Encoding"] == "br" and headers["Content-Type"] == "application/wasm"
        assert brotli.decompress(body) == wasm and headers["Vary"] == "Accept-Encoding"
        assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        headers, body = fetched(url + "pyodide/pyodide.asm.wasm", "gzip, br;q=0")
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == wasm
        headers, body = fetched(url + "pyodide/pyodide.asm.wasm")
        assert headers["Content-Encoding"] is None and body == wasm
        headers, body = fetched(url, "gzip")  # a folder's index.html too
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == b"home"
        assert headers["Content-Type"].startswith("text/html")
    finally:
        server.shutdown()


def test_missing_pages_get_the_404_page(site):
    server, url = start(site)
    try:
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(url + "nowhere/")
        assert caught.value.code == 404
        assert caught.value.read() == b"missing page"
    finally:
        server.shutdown()


def test_a_page_rebuilt_within_the_same_second_is_sent_again_not_304(site):
    # The browser asks "changed since <Last-Modified>?", which counts whole seconds; a rebuild
    # a moment later has the same second, so a 304 would reload the old page.
    server, url = start(site)
    try:
        with urllib.request.urlopen(url) as response:
            last_modified = response.headers["Last-Modified"]
        (site / "index.html").write_text("home, rebuilt")
        request = urllib.request.Request(url, headers={"If-Modified-Since": last_modified})
        with urllib.request.urlopen(request) as response:
            assert response.status == 200
            assert response.read() == b"home, rebuilt"
    finally:
        server.shutdown()


def test_a_plain_host_sends_no_isolation_headers(site):
    server, url = start(site, isolated=False)
    try:
        with urllib.request.urlopen(url) as response:
            assert response.headers["Cross-Origin-Opener-Policy"] is None
    finally:
        server.shutdown()


def test_reloads_wake_waiting_pages():
    reloads = Reloads()
    seen = []
    waiter = threading.Thread(target=lambda: seen.append(reloads.wait_after(0, timeout=5)))
    waiter.start()
    reloads.bump()
    waiter.join(timeout=5)
    assert seen == [(1, ())]


@pytest.fixture
def served_course(mini_course, tmp_path):
    """The mini course built as `course serve` builds it, and served: (root, out, reloads, url)."""
    out = tmp_path / "dist"
    build(mini_course, out, live_reload=True)
    reloads = Reloads()
    server, url = start(out, reloads=reloads)
    yield mini_course, out, reloads, url
    server.shutdown()


def open_stream(url):
    return urllib.request.urlopen(url + "__livereload", timeout=60)


def test_a_broken_save_sends_its_problems_and_the_fix_reloads(served_course, capsys):
    root, out, reloads, url = served_course
    lesson = root / AVERAGES
    working = lesson.read_text()
    with open_stream(url) as stream:
        lesson.write_text(working.replace("Go back", "{{ nothing }} Go back"))
        rebuild(root, out, reloads)
        assert next_event(stream) == (
            "problems",
            [{"where": f"{AVERAGES}:6", "message": "a computed number failed: 'nothing' is undefined (is it in the lesson's [numbers], and does the provider return it?)"}],
        )
        assert f"{AVERAGES}:6: a computed number failed" in capsys.readouterr().err  # the terminal says it too
        assert "Go back" in (out / "01-basics/averages/index.html").read_text()  # the last site that built stays
        lesson.write_text(working + "\nFixed.\n")
        rebuild(root, out, reloads)
        assert next_event(stream) == ("reload", "reload")
    assert "Fixed." in (out / "01-basics/averages/index.html").read_text()


def test_a_page_opened_while_the_course_is_broken_gets_every_problem_at_once(served_course):
    root, out, reloads, url = served_course
    (root / AVERAGES).write_text("no front matter\n")
    (root / "labs/01-basics/add/hints.md").unlink()
    rebuild(root, out, reloads)
    with open_stream(url) as stream:
        name, problems = next_event(stream)
    assert name == "problems"
    assert [f"{p['where']}: {p['message']}" for p in problems] == [
        "labs/01-basics/add/hints.md: missing: every lab needs lab.toml, starter.py, solution.py, checks.py, hints.md and a wrong/ folder",
        f"{AVERAGES}:1: a lesson must start with '+++' and its front matter (title, summary)",
    ]


def test_a_builder_that_crashes_is_reported_and_the_watching_goes_on(served_course, monkeypatch, capsys):
    root, out, reloads, url = served_course
    monkeypatch.setattr("site_builder.serve.build", lambda *args, **kwargs: {}["a bug"])
    rebuild(root, out, reloads)  # does not raise: the watch loop that calls it keeps going
    assert reloads.problems == ({"where": "", "message": "the builder itself failed with KeyError: 'a bug'; the terminal has the traceback"},)
    assert "Traceback" in capsys.readouterr().err


def test_a_save_anywhere_the_build_reads_is_watched(mini_course):
    folders = watched_folders(mini_course)
    for name in ("course", "lessons", "labs", "pages"):
        assert (mini_course / name).resolve() in folders
    for name in ("static", "labkit", "site_builder/templates"):  # the builder's, wherever the course is
        assert PROJECT_ROOT / name in folders

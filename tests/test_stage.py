"""The folder a build writes the site into: fresh, or a spare site brought up to date."""

import os
import subprocess

from site_builder.stage import Stage


def contents(folder):
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def fill(stage, cached, static):
    """What a build writes: a page, a copied tree, a hard link to a cached file."""
    stage.write_text("index.html", "<p>new</p>")
    stage.write_text("lessons/one/index.html", "<p>one</p>")
    stage.copy_tree(static, "static", skip=lambda name: name.endswith(".map"))
    stage.link("pyodide/runtime.wasm", cached)
    stage.remove_unwritten()


def sources(tmp_path):
    cached = tmp_path / "cache" / "runtime.wasm"
    cached.parent.mkdir()
    cached.write_bytes(b"runtime")
    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    (static / "css" / "site.css").write_text("body {}")
    (static / "css" / "site.css.map").write_text("{}")
    return cached, static


def test_a_recycled_spare_ends_as_a_fresh_folder_would(tmp_path):
    cached, static = sources(tmp_path)
    fresh = Stage(tmp_path / "fresh")
    (tmp_path / "fresh").mkdir()
    fill(fresh, cached, static)
    spare = tmp_path / "spare"
    (spare / "lessons" / "gone").mkdir(parents=True)
    (spare / "lessons" / "gone" / "index.html").write_text("<p>a lesson since removed</p>")
    (spare / "index.html").write_text("<p>old</p>")
    (spare / "lessons" / "one").mkdir()
    (spare / "lessons" / "one" / "index.html").write_text("<p>one</p>")  # already right
    fill(Stage(spare, recycled=True), cached, static)
    assert contents(spare) == contents(tmp_path / "fresh") == {
        "index.html": b"<p>new</p>",
        "lessons/one/index.html": b"<p>one</p>",
        "pyodide/runtime.wasm": b"runtime",
        "static/css/site.css": b"body {}",
    }
    assert not (spare / "lessons" / "gone").exists(), "an emptied folder is removed too"
    result = subprocess.run(["diff", "-r", str(spare), str(tmp_path / "fresh")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_a_file_already_right_is_left_as_it_is(tmp_path):
    cached, static = sources(tmp_path)
    spare = tmp_path / "spare"
    fill(Stage(spare), cached, static)
    before = {name: os.stat(spare / name) for name in ("lessons/one/index.html", "static/css/site.css", "pyodide/runtime.wasm")}
    fill(Stage(spare, recycled=True), cached, static)
    for name, stat in before.items():
        assert (os.stat(spare / name).st_ino, os.stat(spare / name).st_mtime_ns) == (stat.st_ino, stat.st_mtime_ns), name


def test_a_cached_file_linked_into_the_spare_is_never_written_through(tmp_path):
    cached, static = sources(tmp_path)
    spare = tmp_path / "spare"
    Stage(spare).link("index.html", cached)  # a site path that was a link before is a page now
    stage = Stage(spare, recycled=True)
    stage.write_text("index.html", "<p>a page</p>")
    stage.remove_unwritten()
    assert cached.read_bytes() == b"runtime"
    assert (spare / "index.html").read_text() == "<p>a page</p>"


def test_a_changed_static_file_is_copied_again(tmp_path):
    cached, static = sources(tmp_path)
    spare = tmp_path / "spare"
    fill(Stage(spare), cached, static)
    (static / "css" / "site.css").write_text("body { margin: 0 }")
    fill(Stage(spare, recycled=True), cached, static)
    assert (spare / "static" / "css" / "site.css").read_text() == "body { margin: 0 }"


def test_a_folder_a_hook_fills_is_left_for_it(tmp_path):
    cached, static = sources(tmp_path)
    spare = tmp_path / "spare"
    (spare / "pagefind").mkdir(parents=True)
    (spare / "pagefind" / "pagefind.js").write_text("the index before")
    (spare / "stale.html").write_text("gone")
    stage = Stage(spare, recycled=True)
    stage.write_text("index.html", "<p>new</p>")
    stage.remove_unwritten(keep=["pagefind"])
    assert contents(spare) == {"index.html": b"<p>new</p>", "pagefind/pagefind.js": b"the index before"}

import hashlib
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

import pytest

from site_builder import constants
from site_builder.assets import PROJECT_ROOT, Assets, code_css, link_or_copy, run_tool
from site_builder.errors import BuildError
from site_builder.offline import runtime_cache_name
from site_builder.bundle import write_wheel
from site_builder.stage import Stage


def test_code_css_has_light_and_dark_rules():
    css = code_css()
    assert ".highlight .k" in css
    assert "@media (prefers-color-scheme: dark)" in css
    assert ":root[data-theme=dark] .highlight" in css


def test_lock_file_registers_only_the_wheel_and_is_cached(tmp_path):
    assets = Assets(cache_dir=tmp_path / "cache")
    wheel = write_wheel({}, tmp_path)
    first = assets.lock_file(wheel)
    lock = json.loads(first.read_text())
    assert list(lock["packages"]) == ["labkit"]
    assert lock["packages"]["labkit"]["imports"] == ["labkit", "microgpt"]
    assert lock["info"]["python"].startswith("3.14")
    first.write_text(first.read_text() + " ")  # a second call must reuse, not redo
    assert assets.lock_file(wheel).read_text().endswith(" ")


def test_a_wheel_the_lock_cannot_take_is_a_build_error_in_pyodide_locks_words(tmp_path):
    import zipfile

    wheel = tmp_path / "needy-1.0-py3-none-any.whl"  # asks for a package no Pyodide lock holds
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("needy/__init__.py", "")
        archive.writestr("needy-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: needy\nVersion: 1.0\nRequires-Dist: no-such-package-anywhere\n")
        archive.writestr("needy-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr("needy-1.0.dist-info/RECORD", "")
    assets = Assets(cache_dir=tmp_path / "cache")
    with pytest.raises(BuildError, match=r"pyodide-lock could not add the lab wheel to .*pyodide-lock.json: .*no-such-package-anywhere"):
        assets.lock_file(wheel)
    assert not list((tmp_path / "cache").rglob("*.json"))  # nothing half made is kept for the next build


def test_a_failing_tool_is_a_build_error_with_its_own_words():
    command = [sys.executable, "-c", "import sys; print('lots of output'); sys.exit('no wheel there')"]
    with pytest.raises(BuildError, match="the tool failed:\nno wheel there"):
        run_tool(command, "the tool failed")
    with pytest.raises(BuildError, match="is not installed"):
        run_tool(["/no/such/tool"], "the tool failed")


def test_link_or_copy_gives_the_same_bytes(tmp_path):
    source = tmp_path / "a.bin"
    source.write_bytes(b"pyodide")
    assert link_or_copy(source, tmp_path / "deep" / "b.bin").read_bytes() == b"pyodide"


def test_the_site_gets_the_shared_constants_as_a_module(tmp_path):
    stage = tmp_path / "stage"
    Assets().write(stage)
    written = stage / constants.BROWSER_MODULE
    downloaded = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", constants.COMPILED_STDLIB]  # by the course's Python
    sizes = {name: (stage / "pyodide" / name).stat().st_size for name in downloaded}
    stdlib = hashlib.sha256((stage / "pyodide" / constants.COMPILED_STDLIB).read_bytes()).hexdigest()[:16]
    # The offline copy keeps what the course's Python downloads, and the cache is named by those files.
    runtime_cache = runtime_cache_name({f"pyodide/{name}": stage / "pyodide" / name for name in downloaded})
    expected = constants.browser_module(RUNTIME_SIZES=sizes, RUNTIME_STDLIB=stdlib, RUNTIME_CACHE=runtime_cache)
    assert written.read_text(encoding="utf-8") == expected
    assert not (PROJECT_ROOT / constants.BROWSER_MODULE).exists(), "only the build writes it, never the source tree"


def test_the_python_worker_is_one_file_with_its_imports_joined_in(tmp_path):
    stage = tmp_path / "stage"
    Assets().write(stage)
    source = (PROJECT_ROOT / "static" / "js" / "python-worker.js").read_text(encoding="utf-8")
    imported = re.findall(r'^import .* from "\./([\w-]+\.js)";$', source, flags=re.MULTILINE)
    assert "course-constants.js" in imported and len(imported) >= 4
    bundle = (stage / "static" / "js" / "python-worker.js").read_text(encoding="utf-8")
    assert not re.search(r"^\s*import\s.*\sfrom\s", bundle, flags=re.MULTILINE), "a module is still imported, a second round of requests"
    for name in [*imported, "python-worker.js"]:
        assert f"// {name}\n" in bundle, f"{name} is not joined in"
        # A module joined in is not published too: the worker's copy is the one that runs.
        assert name in ("python-worker.js", "course-constants.js") or not (stage / "static" / "js" / name).exists(), name
    # The copy of the constants is this build's: written before the worker was bundled.
    wasm = (stage / "pyodide" / "pyodide.asm.wasm").stat().st_size
    assert f'"pyodide.asm.wasm": {wasm}' in bundle
    assert str(tmp_path) not in bundle, "the bundle names the stage's folder"


def test_the_worker_bundle_is_made_again_only_when_a_script_or_the_constants_change(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(PROJECT_ROOT / "static", root / "static")
    shutil.copy(PROJECT_ROOT / "package-lock.json", root / "package-lock.json")
    (root / "node_modules").symlink_to(PROJECT_ROOT / "node_modules")
    assets = Assets(root=root, cache_dir=tmp_path / "cache")
    constants_text = constants.browser_module(RUNTIME_SIZES={}, RUNTIME_STDLIB="0123", RUNTIME_CACHE="runtime-0123")
    first, joined = assets.worker_bundle(constants_text)
    made = first.stat().st_mtime_ns
    assert assets.worker_bundle(constants_text) == (first, joined) and first.stat().st_mtime_ns == made, "bundled again"
    assert {"python-worker.js", "python-snapshot.js", "course-constants.js"} <= joined
    first.with_suffix(".joined.json").unlink()  # a bundle whose list of joined modules was never written
    assert assets.worker_bundle(constants_text) == (first, joined) and first.stat().st_mtime_ns != made, "not made again"
    worker = root / "static" / "js" / "python-worker.js"
    worker.write_text(worker.read_text(encoding="utf-8") + "\nconsole.debug(\"changed\");\n", encoding="utf-8")
    changed, _ = assets.worker_bundle(constants_text)
    assert changed != first and 'console.debug("changed")' in changed.read_text(encoding="utf-8")
    other, _ = assets.worker_bundle(constants.browser_module(RUNTIME_SIZES={"pyodide.asm.wasm": 123}, RUNTIME_STDLIB="0123", RUNTIME_CACHE="runtime-0123"))
    assert other != changed and '"pyodide.asm.wasm": 123' in other.read_text(encoding="utf-8")
    assert not list((tmp_path / "cache" / "worker").glob("*.sources")), "the folder esbuild worked in is left behind"


def test_files_are_hashed_again_only_once_they_change(tmp_path, monkeypatch):
    """A rebuild asks for the digest of the same scripts each time: a file that kept its size and
    time of change is not read again, and one saved since always gives a new digest."""
    from site_builder.assets import hash_files

    script = tmp_path / "a.js"
    script.write_text("let a = 1;\n")
    long_ago = time.time() - 60
    os.utime(script, (long_ago, long_ago))
    first = hash_files([script])
    reads = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: reads.append(self) or real(self))
    assert hash_files([script]) == first and reads == []
    script.write_text("let b = 1;\n")  # the same size
    os.utime(script, (long_ago + 1, long_ago + 1))
    assert hash_files([script]) != first and reads == [script]
    script.write_text("let a = 1;\n")
    assert hash_files([script]) == first  # saved just now: read again, whatever the times say
    assert hash_files([script], named=False) != first  # the path is part of the digest unless left out

"""The standard library the site ships, with its most imported modules compiled ahead."""

import hashlib
import json
import random
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from site_builder import compiled_stdlib as module
from site_builder.assets import PROJECT_ROOT
from site_builder.compiled_stdlib import compiled_stdlib

PYODIDE = PROJECT_ROOT / "node_modules" / "pyodide"


@pytest.fixture(scope="module")
def compiled():
    return compiled_stdlib()


def test_it_holds_pyodides_library_unchanged_and_bytecode_beside_the_modules_a_start_imports(compiled):
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as own, zipfile.ZipFile(compiled.path) as shipped:
        kept = {name: own.read(name) for name in own.namelist()}
        added = set(shipped.namelist()) - set(kept)
        assert all(shipped.read(name) == text for name, text in kept.items())
        assert added and all(name.endswith(".pyc") and name[:-1] in kept for name in added)
        # Modules every start imports, and ones the checker and the labs use.
        assert {"random.pyc", "json/__init__.pyc", "traceback.pyc", "typing.pyc", "re/__init__.pyc"} <= added
        headers = {shipped.read(name)[:8] for name in added}
    # One magic number (Pyodide's Python's), and bytecode Python takes without checking its source.
    assert len(headers) == 1
    (header,) = headers
    assert header[2:4] == b"\r\n" and int.from_bytes(header[4:8], "little") == 0b01
    assert compiled.digest == hashlib.sha256(compiled.path.read_bytes()).hexdigest()


PROBE = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/", stdLibURL: "%(stdlib)s" });
console.log(JSON.stringify(pyodide.runPython(`
import json, random, traceback
try:
    random.choice([])
except IndexError:
    shown = traceback.format_exc()
json.dumps({"file": random.__file__, "traceback": shown, "roll": random.Random(1).randint(1, 6)})
`)));
"""


def test_python_loads_the_bytecode_and_its_tracebacks_still_show_the_source(compiled, tmp_path):
    script = tmp_path / "probe.mjs"
    script.write_text(PROBE % {"pyodide": PYODIDE, "stdlib": compiled.path}, encoding="utf-8")
    done = subprocess.run([shutil.which("node"), str(script)], capture_output=True, text=True, timeout=120, check=True)
    found = json.loads(json.loads(done.stdout.strip().splitlines()[-1]))
    assert found["file"].endswith("/random.pyc")
    assert 'random.py", line' in found["traceback"] and "raise IndexError" in found["traceback"]
    assert found["roll"] == random.Random(1).randint(1, 6)  # the same generator as CPython's own


@pytest.fixture
def fake_compiler(monkeypatch):
    """Stands in for Pyodide under Node (seconds): writes a few bytes naming the library they were made from."""
    made = []

    def run_tool(command, failure, cwd=None):
        pyodide, out = command[-2], command[-1]
        source = (Path(pyodide) / "python_stdlib.zip").read_bytes()
        Path(out).write_bytes(b"compiled:" + source)
        made.append(out)

    monkeypatch.setattr("site_builder.assets.run_tool", run_tool)
    return made


def test_it_is_made_once_per_library_and_the_copy_of_an_older_one_is_removed(tmp_path, fake_compiler):
    node_modules = tmp_path / "node_modules"
    (node_modules / "pyodide").mkdir(parents=True)
    library = node_modules / "pyodide" / "python_stdlib.zip"
    library.write_bytes(b"one")
    first = compiled_stdlib(node_modules, say=lambda text: None)
    assert first.path.read_bytes() == b"compiled:one" and first.digest == hashlib.sha256(b"compiled:one").hexdigest()
    assert compiled_stdlib(node_modules, say=lambda text: None) == first and len(fake_compiler) == 1
    library.write_bytes(b"another")  # another Pyodide installed
    second = compiled_stdlib(node_modules, say=lambda text: None)
    assert second.path.read_bytes() == b"compiled:another" and len(fake_compiler) == 2
    assert not first.path.exists() and [path.name for path in (node_modules / module.FOLDER).iterdir()] == [second.path.parent.name]


def test_a_copy_left_without_its_digest_or_a_digest_without_its_copy_is_made_again(tmp_path, fake_compiler):
    node_modules = tmp_path / "node_modules"
    (node_modules / "pyodide").mkdir(parents=True)
    (node_modules / "pyodide" / "python_stdlib.zip").write_bytes(b"one")
    made = compiled_stdlib(node_modules, say=lambda text: None)
    (made.path.parent / module.DIGEST).unlink()  # a copy some earlier step left unfinished
    again = compiled_stdlib(node_modules, say=lambda text: None)
    assert again == made and len(fake_compiler) == 2 and (made.path.parent / module.DIGEST).is_file()
    made.path.unlink()  # a digest left without its copy
    assert compiled_stdlib(node_modules, say=lambda text: None) == made and len(fake_compiler) == 3 and made.path.is_file()


def test_without_pyodide_it_says_to_install_it(tmp_path):
    with pytest.raises(module.BuildError, match="npm ci"):
        compiled_stdlib(tmp_path / "node_modules", say=lambda text: None)

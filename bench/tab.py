"""Pyodide in a headless Chromium tab (its main thread), with some of the project's files,
for benchmarks that run the same Python there as in CPython."""

import contextlib
import json
import tempfile
from pathlib import Path

from tests.browser import chromium, serving

PROJECT = Path(__file__).resolve().parent.parent
PYODIDE = PROJECT / "node_modules" / "pyodide"
PAGE = """<!doctype html><meta charset="utf-8"><title>training</title>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
window.py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
</script>"""
NAMES_IN_TAB = "/data/names.txt"


@contextlib.contextmanager
def pyodide_tab(paths, names_txt):
    """Yields run(code): the value of `code`'s last line (JSON text), parsed.

    Each of `paths` (project files) is at /project/<its path>, course/ left out, so
    microgpt imports as in CPython; names.txt is at NAMES_IN_TAB, also bound to NAMES_TXT.
    """
    files = {"/project/" + str(path.relative_to(PROJECT)).replace("course/", "", 1): path.read_text() for path in paths}
    files[NAMES_IN_TAB] = Path(names_txt).read_text()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pyodide").symlink_to(PYODIDE)
        (root / "index.html").write_text(PAGE)
        with serving(root) as url, chromium() as browser:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.py !== undefined", timeout=120_000)
            page.evaluate("""files => { for (const [name, text] of Object.entries(files)) {
                py.FS.mkdirTree(name.slice(0, name.lastIndexOf("/"))); py.FS.writeFile(name, text); } }""", files)
            page.evaluate("names => py.runPython(`import sys; sys.path[:0] = ['/project']; NAMES_TXT = '${names}'`)", NAMES_IN_TAB)
            page.set_default_timeout(900_000)
            yield lambda code: json.loads(page.evaluate("code => py.runPython(code)", code))

"""The values Python, the browser code and the tests share (site_builder/constants.py)."""

import json
import re
import shutil
import subprocess

from labkit import realmodel
from site_builder import constants
from tests.conftest import PROJECT

STATIC_JS = PROJECT / "static" / "js"
IMPORT_FROM_CONSTANTS = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"\./course-constants\.js"')


def evaluate_in_node(tmp_path, module_text):
    """What an ES module exports, as Node sees it after importing it."""
    node = shutil.which("node")
    assert node, "Node.js is needed to read the generated module as a browser would"
    module = tmp_path / "course-constants.mjs"  # .mjs: read as an ES module, as the page does
    module.write_text(module_text, encoding="utf-8")
    script = "const m = await import(process.argv[1]); console.log(JSON.stringify(m));"
    done = subprocess.run([node, "--input-type=module", "-e", script, module.as_uri()], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_browser_module_exports_exactly_the_shared_values(tmp_path):
    assert evaluate_in_node(tmp_path, constants.browser_module()) == constants.FOR_THE_BROWSER


def test_the_build_writes_the_runtimes_sizes_for_the_loading_bar(built_site):
    text = (built_site / constants.BROWSER_MODULE).read_text(encoding="utf-8")
    sizes = json.loads(re.search(r"export const RUNTIME_SIZES = (\{.*\});", text).group(1))
    downloaded = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", constants.COMPILED_STDLIB]  # by the course's Python
    assert sizes == {name: (built_site / "pyodide" / name).stat().st_size for name in downloaded}


def test_the_browser_module_says_where_its_values_come_from():
    assert constants.browser_module().startswith("// Written by the build from site_builder/constants.py")


def test_every_name_the_scripts_import_is_exported():
    # A misspelt import is a SyntaxError that stops the whole module in the browser.
    imported = {}
    for path in sorted(STATIC_JS.glob("*.js")):
        for names in IMPORT_FROM_CONSTANTS.findall(path.read_text(encoding="utf-8")):
            for name in names.split(","):
                imported.setdefault(name.split(" as ")[0].strip(), []).append(path.name)
    imported.pop("", None)
    exported = {*constants.FOR_THE_BROWSER, *constants.MEASURED_BY_THE_BUILD}
    unknown = {name: files for name, files in imported.items() if name not in exported}
    assert not unknown, f"imported from course-constants.js but neither in FOR_THE_BROWSER nor measured by the build: {unknown}"
    assert {"MAX_NAME_LETTERS", "HEADS", "OUTPUT_CAP", "DEFAULT_TIME_LIMIT", "PROGRESS_KEY"} <= set(imported)


def test_no_script_keeps_its_own_copy_of_a_model_size():
    own = re.compile(r"const (\w*(?:LETTERS|HEADS|CONTEXT)\w*) = \d+")
    copies = [f"{path.name}: {match.group(0)}" for path in sorted(STATIC_JS.glob("*.js")) for match in own.finditer(path.read_text(encoding="utf-8"))]
    assert copies == [], "import it from course-constants.js instead"


def test_no_script_keeps_its_own_copy_of_a_storage_key():
    keys = (constants.PROGRESS_KEY, constants.THEME_KEY)
    copies = [
        f"{path.name} types {key!r}"
        for path in sorted(STATIC_JS.glob("*.js"))
        for key in keys
        if key in path.read_text(encoding="utf-8") and (path.name, key) != ("theme.js", constants.THEME_KEY)
    ]
    assert copies == [], "import it from course-constants.js instead"


def test_theme_js_keeps_the_theme_key_it_cannot_import():
    text = (STATIC_JS / "theme.js").read_text(encoding="utf-8")
    assert f"const KEY = {json.dumps(constants.THEME_KEY)};" in text


def test_labkit_names_the_same_longest_name():
    # labkit runs inside Pyodide, where site_builder is not, so it keeps its own copy.
    assert realmodel.MAX_LETTERS == constants.MAX_NAME_LETTERS


def test_the_model_sizes_match_the_committed_checkpoint():
    config = json.loads((PROJECT / "course" / "checkpoint.json").read_text(encoding="utf-8"))["config"]
    assert (config["block_size"], config["n_head"]) == (constants.CONTEXT, constants.HEADS)
    assert constants.MAX_NAME_LETTERS == constants.CONTEXT - 1

// Pyodide's standard library, with the modules a starting Python imports compiled ahead.
// Pyodide ships the library as source only, so every Python the site starts from nothing
// compiles each module it imports, in WebAssembly: over a second of a first visit's start.
// This copy adds, beside each such module's source, its bytecode, compiled by the same Python
// the site runs (Pyodide's own, here under Node), so a Python loads those instead.
//
//   node compile_stdlib.mjs PYODIDE_FOLDER OUT_ZIP
//
// What goes in: every module a Python has imported once Pyodide has started and it has
// imported the modules below (ones the course's checker and its labs use). The rest of the
// library stays source only: compiling it all ahead would nearly triple the download.
// The bytecode is "unchecked hash-based" (PEP 552): Python takes it without comparing it with
// the source beside it, which is never edited, and each module's code names its source where
// Python would find it (/lib/python3XY.zip/name.py), so tracebacks still show source lines.
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ALSO_IMPORTED = [
  "bisect", "collections", "copy", "dataclasses", "fractions", "functools", "heapq", "itertools",
  "json", "linecache", "math", "operator", "pprint", "random", "re", "site", "statistics",
  "string", "textwrap", "tokenize", "traceback", "typing",
];

const [folder, out] = process.argv.slice(2);
if (!folder || !out) {
  console.error("usage: node compile_stdlib.mjs PYODIDE_FOLDER OUT_ZIP");
  process.exit(2);
}
const indexURL = path.resolve(folder) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL });
pyodide.globals.set("also_imported", pyodide.toPy(ALSO_IMPORTED));
const count = pyodide.runPython(`
import importlib, importlib.util, marshal, sys, zipfile

for name in also_imported:
    importlib.import_module(name)

library = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
imported = {
    module.__file__[len(library) + 1:]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(library + "/")
}
compiled = 0
with zipfile.ZipFile(library) as source, zipfile.ZipFile("/tmp/compiled.zip", "w") as copy:
    for entry in source.infolist():
        text = source.read(entry)
        copy.writestr(entry, text)
        if entry.filename not in imported or not entry.filename.endswith(".py"):
            continue
        code = compile(text, f"{library}/{entry.filename}", "exec", dont_inherit=True)
        header = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + importlib.util.source_hash(text)
        bytecode = zipfile.ZipInfo(entry.filename + "c", date_time=entry.date_time)
        copy.writestr(bytecode, header + marshal.dumps(code), compress_type=zipfile.ZIP_DEFLATED)
        compiled += 1
compiled
`);
const temporary = `${out}.${process.pid}.tmp`;
writeFileSync(temporary, pyodide.FS.readFile("/tmp/compiled.zip"));
renameSync(temporary, out);
console.log(`compiled ${count} modules of Python's standard library into ${out}`);

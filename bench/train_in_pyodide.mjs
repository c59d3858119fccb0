// Runs Python in Pyodide under Node with the project mounted at /project (course/ and
// the project root on sys.path), for benchmarks of training.
// Usage: node train_in_pyodide.mjs <pyodide folder> <project> <names.txt> < code.py
// The code's last expression is printed (as JSON if it is not a string).
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtimeDir, project, namesTxt] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtimeDir + path.sep });
pyodide.mountNodeFS("/project", project);
pyodide.mountNodeFS("/data", path.dirname(namesTxt));
pyodide.runPython(`import sys; sys.path[:0] = ["/project/course", "/project"]`);
pyodide.globals.set("NAMES_TXT", "/data/" + path.basename(namesTxt));
let code = "";  // read as a stream: a large input through a pipe fails readFileSync(0) with EAGAIN
for await (const chunk of process.stdin) code += chunk;
const result = pyodide.runPython(code);
process.stdout.write(typeof result === "string" ? result : JSON.stringify(result));

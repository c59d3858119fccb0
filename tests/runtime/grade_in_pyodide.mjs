// Grades requests inside real Pyodide under Node, loading the built lab wheel exactly as
// the page's worker does (through the site's pyodide-lock.json).
// Usage: node grade_in_pyodide.mjs <dist/pyodide/> < requests.json > results.json
// Each result also carries `elapsed_ms`, the time `handle` took (for benchmarks).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const runtimeDir = path.resolve(process.argv[2]) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
const requests = JSON.parse(readFileSync(0, "utf8"));

const pyodide = await loadPyodide({ indexURL: runtimeDir });
await pyodide.loadPackage("labkit", { messageCallback: () => {} });
const handle = pyodide.pyimport("labkit.entry").handle;
const version = pyodide.runPython("import sys; sys.version.split()[0]");

const results = [];
for (const request of requests) {
  const output = [];
  pyodide.setStdout({ batched: (text) => output.push(text) });
  const started = performance.now();
  const reply = handle(pyodide.toPy(request));
  const elapsedMs = performance.now() - started;
  const result = reply.toJs({ dict_converter: Object.fromEntries });
  reply.destroy();
  results.push({ ...result, output: output.join("\n"), elapsed_ms: elapsedMs });
}
process.stdout.write(JSON.stringify({ python: version, results }));

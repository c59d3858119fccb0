// The names the page gives its Python workers (python-interpreter.js). A worker reads its own
// name as soon as its script runs, before any message has reached it: the first Python of a
// page compiles Pyodide's runtime itself and can begin at once; a later one is handed the
// runtime the first compiled (python-worker.js).
export const COMPILES_ITS_RUNTIME = "Python";
export const HANDED_A_RUNTIME = "Python (given the compiled runtime)";

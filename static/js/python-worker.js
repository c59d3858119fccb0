// The page's Python: a module worker that owns Pyodide and the course's `labkit` package.
// It is plumbing only. All grading happens in Python (labkit.entry.handle), which takes and
// returns plain dicts.
//
// Protocol: each request is {id, type, ...}; each reply carries the same id.
//   {type: "init", interruptBuffer?, readyEarly?, runtimeModule?} -> {type: "progress", step, loaded, total, done}*
//                                              then {type: "ready", startedFrom, runtimeModule, runtimeShared}
//                                              | {type: "error", message}
//        readyEarly: the page waits for this Python, so it says it is ready before it takes the
//        picture, fills its disk (from the picture) or warms up (requests wait for those; one
//        that finds the start failed meanwhile gets a fatal error)
//        runtimeModule: Pyodide's WebAssembly, compiled by an earlier Python of the page, to use
//        rather than compile it again; the ready reply hands on the one this worker compiled, and
//        says whether it used the one it was given (runtimeShared)
//        startedFrom: "picture" (restored from the memory saved by an earlier Python: python-snapshot.js)
//        or "scratch" (a full start)
//        step: "runtime" | "stdlib" (downloading side by side), then "starting", then "checker";
//        loaded and total in bytes (total 0 when not known); done once that part is over
//   {type: "pictured"}                      -> {type: "pictured", kept}, once this Python's picture of its
//                                              memory is kept (kept: true), or when it took none or storing
//                                              it takes over PICTURE_PATIENCE_MS (false);
//                                              the page starts the next Python then, so that it starts
//                                              from the picture
//   {type: "run" | "check", lab, code}      -> {type: "output", stream, text}*  then
//                                              {type: "result", result} | {type: "error", message, fatal?}
//   {type: "attention", name}               -> the same replies; result is the real model's
//                                              attention maps for `name` (the heatmap)
//   {type: "dropin", lab, code}             -> the same replies; result compares the loss and gradients
//                                              of the real model with the learner's Value and the course's
//   {type: "compare", lab, code, name}      -> the same replies; result sets the learner's function
//                                              beside the model's own, on `name`
//   {type: "sample", lab, code, parts, seed} -> the same replies; result is names drawn by the learner's
//                                              own counting model of the real names (parts: JSON text)
//   {type: "next_letters", prefix}          -> the same replies; result is the real model's probability
//                                              of every token after `prefix` (the next-letter bars)
//   {type: "capstone_assemble", parts, reference} -> the result: the first step of microgpt built
//                                              from the learner's passed labs (parts: JSON {lab id: code})
//   {type: "capstone_train", parts, steps, state} -> {type: "update", update}* ({step, steps, loss} per
//                                              step, {checkpoint} every 50), then the paused or final state
//   {type: "capstone_sample", state, temperature, seed, name} -> names from a trained state, its held-out
//                                              loss, and its heads and the course's reading `name`
//   {type: "train", lab, code, counts, steps, lr, target}
//                                           -> {type: "output", ...}* and {type: "update", update}* (one
//                                              {step, steps, loss} per training step, as it runs), then
//                                              the result: the loss before each step and after the last,
//                                              and `reached`, the step where the loss got to `target`
// Each request becomes one call handle({action: type, ...}) with only the fields its type has.

// OUTPUT_CAP: characters per run; more would only freeze the page.
import { COMPILED_STDLIB, OUTPUT_CAP, RUNTIME_CACHE, RUNTIME_SIZES, RUNTIME_STDLIB } from "./course-constants.js";
import { lockDown, sealRuntime } from "./worker-lockdown.js";
import { watchDownloads } from "./download-watch.js";
import { COMPILES_ITS_RUNTIME } from "./python-worker-name.js";
import { wheelFiles } from "./wheel-files.js";
import { canKeepSnapshots, findSnapshot, forgetSnapshot, saveSnapshot, snapshotKey } from "./python-snapshot.js";

const PYODIDE_URL = new URL("../../pyodide/", import.meta.url);
// The standard library with its most imported modules compiled ahead (compiled_stdlib.py): a
// Python started from nothing loads their bytecode rather than compiling them.
const STDLIB_URL = new URL(COMPILED_STDLIB, PYODIDE_URL).href;
const RUNTIME_URL = new URL("pyodide.asm.wasm", PYODIDE_URL).href; // its WebAssembly
// The browser's own fetch, for the reads made early: while Python loads, handOverEarly answers
// some asks itself, with those very reads, and a read it answered would wait for itself.
const browserFetch = globalThis.fetch.bind(globalThis);
// The offline copy's cache of the runtime (sw.js fills it), captured before the lockdown.
const keptFiles = globalThis.caches ?? null;
const WINDOW_MS = 50;
const MESSAGES_PER_WINDOW = 5;

let pyodide = null;
let entry = null;
let handle = null;
let interruptBuffer = null;
let starting = null;
let startedFrom = null; // "picture": restored from the saved memory; "scratch": a full start
let picturing = Promise.resolve(false); // whether the picture this Python took is kept (see withPatience)
// Storing the picture takes a few hundred milliseconds; a storage that takes far longer must not
// hold up the learner's requests, nor the next Python (which then starts from scratch).
const PICTURE_PATIENCE_MS = 3_000;
const nativeSetTimeout = self.setTimeout.bind(self); // the lockdown's timers are the learner's
const withPatience = (storing) =>
  Promise.race([storing, new Promise((resolve) => nativeSetTimeout(() => resolve(false), PICTURE_PATIENCE_MS))]);
let output = null; // the output of the request that is running now
// Replies go through `send`, kept when the worker locks itself down (learner code has no
// postMessage of its own, so it cannot speak for the worker); `clearTimers` ends the
// timers a run left behind.
let send = (message) => postMessage(message);
let clearTimers = () => {};

// Python runs synchronously here, so timers cannot fire while it does: output is sent from
// inside the write calls. A few messages per 50 ms go out at once (so a lone print shows up
// straight away); past that, text is held and sent with the next write, so a flood of tiny
// prints becomes a handful of large messages instead of millions of small ones.
class OutputBatcher {
  constructor(id) {
    this.id = id;
    this.sent = 0;
    this.cut = false;
    this.stream = null;
    this.text = "";
    this.windowStart = 0;
    this.windowCount = 0;
    this.decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
  }

  write(stream, bytes) {
    if (this.cut) return;
    let text = this.decoders[stream].decode(bytes, { stream: true });
    if (this.sent + this.text.length + text.length > OUTPUT_CAP) {
      text = text.slice(0, OUTPUT_CAP - this.sent - this.text.length);
      this.add(stream, text);
      this.flush();
      this.cut = true;
      send({
        id: this.id,
        type: "output",
        stream: "stderr",
        note: true,
        text: `Output cut: only the first ${OUTPUT_CAP.toLocaleString("en")} characters are shown. Your code kept running.`,
      });
      return;
    }
    this.add(stream, text);
    const now = performance.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.windowCount < MESSAGES_PER_WINDOW) {
      this.windowCount += 1;
      this.flush();
    }
  }

  add(stream, text) {
    if (!text) return;
    if (stream !== this.stream) this.flush();
    this.stream = stream;
    this.text += text;
  }

  flush() {
    if (this.text) {
      send({ id: this.id, type: "output", stream: this.stream, text: this.text });
      this.sent += this.text.length;
    }
    this.text = "";
  }

  finish() {
    if (!this.cut) {
      for (const stream of ["stdout", "stderr"]) this.add(stream, this.decoders[stream].decode());
    }
    this.flush();
  }
}

function writer(stream) {
  return {
    isatty: false,
    write(bytes) {
      output?.write(stream, bytes);
      return bytes.length;
    },
  };
}

// The error for a file of Python's the server would not give: the same words wherever it is read.
function refused(status, url) {
  return new Error(`the server answered ${status} for ${String(url).slice(String(url).lastIndexOf("/") + 1)}`);
}

// Pyodide waits forever if its .wasm file is missing, and a start from nothing without the
// standard library ends in an exit code that names nothing: each is asked for first (a HEAD),
// to fail clearly.
async function checkReachable(url, what) {
  let response;
  try {
    response = await fetch(url, { method: "HEAD" });
  } catch {
    throw new Error(`could not reach ${what}`);
  }
  // Some hosts refuse HEAD; only a clear "not there" or server error counts as failure.
  if (response.status === 404 || response.status >= 500) {
    throw refused(response.status, url);
  }
}

// The downloads loading Python waits for, watched so the page can say how far it has got.
// The runtime and the standard library download side by side; Python starts once both are in.
const DOWNLOADS = {
  runtime: /\/pyodide\.asm\.wasm$/,
  stdlib: new RegExp(`/${COMPILED_STDLIB.replaceAll(".", "\\.")}$`), // the copy it loads (compiled_stdlib.py)
  checker: /\/labkit-[^/]*\.whl$/,
};

function loadingReporter(id) {
  const finished = new Set();
  let heldChecker = null;
  return (step, { loaded, total, done }) => {
    // The checker downloads alongside the runtime, but the page shows it as the step after
    // starting: what is heard of it sooner waits until then.
    if (step === "checker" && !finished.has("starting")) {
      heldChecker = { loaded, total, done };
      return;
    }
    send({ id, type: "progress", step, loaded, total, done });
    if (step === "starting" && done && heldChecker) send({ id, type: "progress", step: "checker", ...heldChecker });
    if (!done) return;
    finished.add(step);
    if ((step === "runtime" || step === "stdlib") && finished.has("runtime") && finished.has("stdlib")) {
      send({ id, type: "progress", step: "starting", loaded: 0, total: 0, done: false });
    }
  };
}

async function start(buffer, id, readyEarly, runtimeModule) {
  const report = loadingReporter(id);
  const answers = answersMadeEarly(runtimeModule);
  let stopWatching = null;
  const countDownloads = () => {
    answers.clear(); // counted, the runtime and the library are read for real: the page shows their progress
    stopWatching ??= watchDownloads(DOWNLOADS, report, RUNTIME_SIZES);
  };
  const stopSharing = shareCompiledRuntime(runtimeModule, beginning.compiled);
  const stopHanding = handOverEarly(answers);
  const stopReusing = reuseTinyModules();
  let key, fillDisk;
  try {
    ({ key, fillDisk } = await loadPython(report, countDownloads, Boolean(runtimeModule)));
  } finally {
    stopWatching?.();
    stopHanding(); // fetch is the browser's own again, for the lockdown to take away
    stopSharing();
    stopReusing();
  }
  if (startedFrom === "scratch" && canKeepSnapshots) {
    // The page that waits for this Python hears it is ready now; what it asks waits for the
    // picture, a few hundred milliseconds at most, while a reader is still reading.
    if (readyEarly) announceReady(id);
    picturing = withPatience(takePicture(key));
  }
  answerOneRequest(); // a Python from the picture already does
  connect(buffer);
  if (fillDisk) {
    // A Python from the picture can answer once its disk is filled, which the page that waits
    // for it need not wait for: what it asks waits, as it does for the picture above.
    if (readyEarly) announceReady(id);
    await fillDisk();
  }
  // From here on learner code can run: nothing it can reach leads out of the worker.
  sealRuntime(pyodide);
  ({ send, clearTimers } = lockDown(self));
}

let announced = false;
function announceReady(id) {
  if (announced) return;
  announced = true;
  send({ id, type: "ready", startedFrom, runtimeModule: compiledHere, runtimeShared });
}

// ----- One compiled runtime for every Python of the page -----
// Each worker would compile Pyodide's 9 MB of WebAssembly for itself, and the browser would
// make its hot functions fast again in each one, while the learner's code waits. The page's
// first Python compiles it and hands the compiled module back (`runtimeModule` in its ready
// reply); the page gives it to each later Python, which only instantiates it. Compiled code,
// the fast versions of hot functions included, belongs to the module, so every Python after
// the first starts with what the ones before it made fast.

let compiledHere = null; // the module this worker compiled, for the page to hand on
let runtimeShared = false; // whether this worker's runtime is the module an earlier one compiled

// Pyodide instantiates its runtime with WebAssembly.instantiateStreaming: for the time it
// loads, that call uses the module `handed` (an earlier Python's), else the one this worker
// began compiling `early` (a promise of it, or of null: compiledEarly), else keeps the one it
// compiles. Returns the undo.
function shareCompiledRuntime(handed, early) {
  const original = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = handed ?? (await Promise.resolve(early).catch(() => null)); // failed early: Pyodide's own try says why
    if (!(module instanceof WebAssembly.Module)) {
      const result = await original.call(WebAssembly, source, imports);
      compiledHere = result.module;
      return result;
    }
    Promise.resolve(source).then((response) => response?.body?.cancel?.(), () => {}); // not needed: it is compiled
    const instance = await WebAssembly.instantiate(module, imports);
    if (module === handed) runtimeShared = true;
    else compiledHere = module;
    return { instance, module };
  };
  return () => {
    WebAssembly.instantiateStreaming = original;
  };
}

// Restored from a picture, Python waits for its runtime's WebAssembly (9 MB to read, and its
// compiled code the browser keeps) more than for anything else, and Pyodide asks for it only
// once its 1.2 MB of JavaScript is parsed and run. So a worker that is not to be handed the
// runtime compiled (its name says so: python-worker-name.js) asks for it as soon as it knows
// a picture is kept, and the browser compiles it meanwhile. Not on a start from nothing: its
// downloads are counted as Pyodide makes them (watchDownloads). A promise of the module, or
// of null; null when this worker is to be handed one.
function compiledEarly(found) {
  if (self.name !== COMPILES_ITS_RUNTIME || typeof WebAssembly.compileStreaming !== "function") return null;
  const compile = () => WebAssembly.compileStreaming(keptOrAsked(RUNTIME_URL));
  return heardLater(found.then((picture) => (picture ? compile() : null)));
}

// The standard library too: Pyodide asks for it late, and every worker that finds a picture
// reads it at once (readInTwo, or null). A Python restored from the picture has imported what
// it needs from the library already, so it is not held up for it either: Pyodide is handed an
// empty library (answersMadeEarly), and the real one goes on Python's disk once it is read
// (putLibrary).
function stdlibEarly(found) {
  return heardLater(found.then((picture) => (picture ? readInTwo(STDLIB_URL) : null)));
}

// A file read in two steps: `answered` fulfils once it is found, kept or given by the server
// (and fails with the server's refusal), `bytes` once all of it is read. A start hears a
// missing file at once, and need not wait for the whole of one it can do without for a while.
function readInTwo(url) {
  const response = keptOrAsked(url).then((answer) => {
    if (!answer.ok) throw refused(answer.status, url);
    return answer;
  });
  const bytes = response.then(async (answer) => new Uint8Array(await answer.arrayBuffer()));
  return { answered: heardLater(response.then(() => {})), bytes: heardLater(bytes) };
}

// A file of the runtime, read from the offline copy when it keeps one, else asked for. Read
// through the service worker, each of the early reads above (9.6 MB of WebAssembly, 4 MB of
// library) is copied once more on its way, while Python waits for it. The cache is named by
// the runtime's contents (offline.runtime_cache_name), so what it holds is this worker's runtime,
// or it is missing (a first visit, a runtime the offline copy is still fetching): then the
// server is asked, as ever.
async function keptOrAsked(url) {
  try {
    const kept = await keptFiles?.match(url, { cacheName: RUNTIME_CACHE });
    if (kept) return kept;
  } catch {
    // Storage refused: the server has the file as well.
  }
  return browserFetch(url);
}

// What this worker has for Pyodide's asks before Pyodide makes them: {address: a promise of the
// response to give, or of null to let the ask go to the network}. An empty standard library,
// for a Python restored from a picture found early (stdlibEarly reads the real one). And the
// runtime's WebAssembly, which Pyodide asks for even when it is to instantiate a module
// compiled already (handed by the page, or compiled early): shareCompiledRuntime would throw
// those 9 MB away unread, so the ask gets an empty response instead.
function answersMadeEarly(runtimeModule) {
  const emptyLibrary = (picture) => (picture ? new Response(new Uint8Array(0)) : null);
  const answers = new Map([[STDLIB_URL, heardLater(beginning.found.then(emptyLibrary))]]);
  const runtime = runtimeModule ?? beginning.compiled;
  if (runtime) {
    const compiled = (module) => (module instanceof WebAssembly.Module ? new Response(null) : null);
    answers.set(RUNTIME_URL, heardLater(Promise.resolve(runtime).then(compiled)));
  }
  return answers;
}

// Answers Pyodide's first GET of each address in `answers` as they say (a second ask, and one
// whose answer failed or is null, is Pyodide's own). Returns the undo.
function handOverEarly(answers) {
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const asked = new URL(String(input?.url ?? input), self.location.href).href;
    const reading = typeof input === "string" || input instanceof URL ? init?.method ?? "GET" : input.method;
    const again = () => nativeFetch.call(globalThis, input, init); // Pyodide's own try
    const early = String(reading).toUpperCase() === "GET" ? answers.get(asked) : undefined;
    if (!early) return again();
    answers.delete(asked);
    return early.then((response) => response ?? again(), again);
  };
  return () => {
    globalThis.fetch = nativeFetch;
  };
}

// Pyodide's runtime puts each JavaScript function it hands Python into its table of functions
// through a WebAssembly module of a few dozen bytes made for it: some 260 at each start, of a
// few kinds only (one for each signature), each compiled anew. While Python loads, the same
// bytes give the same compiled module. Returns the undo.
const TINY_MODULE = 256; // bytes; Pyodide's runtime itself is 9 MB
function reuseTinyModules() {
  const Original = WebAssembly.Module;
  const made = new Map();
  function Module(bytes) {
    if (!new.target) return Original(bytes); // throws, as the original does
    if (!(bytes instanceof Uint8Array) || bytes.length > TINY_MODULE) return new Original(bytes);
    const key = bytes.join();
    let module = made.get(key);
    if (!module) made.set(key, (module = new Original(bytes)));
    return module;
  }
  Module.prototype = Original.prototype; // instanceof holds for modules made either way
  Object.setPrototypeOf(Module, Original); // and Module.exports(), .imports(), .customSections() are there
  WebAssembly.Module = Module;
  return () => {
    WebAssembly.Module = Original;
  };
}

// What every start needs first, asked for as soon as this script runs: the page's message
// asking for Python reaches a worker only once the page's main thread gets to it, and while a
// lesson's page is being laid out that can be tens of milliseconds later. All at once: the lock
// file, Pyodide's loader, its 1.2 MB of JavaScript (read and parsed while the picture is found
// and read, rather than after: loadPyodide takes the module it defines), the picture
// (findSnapshot never fails: it finds none instead) and, once a picture is found, Pyodide's
// WebAssembly compiled and its standard library (compiledEarly, stdlibEarly). A start awaits
// each, and hears its failure
// there; a worker the page never asks to start must not leave the failure unheard.
const heardLater = (promise) => {
  promise.catch(() => {});
  return promise;
};
const beginning = (() => {
  const lock = heardLater(fetchLock());
  const runtime = heardLater(import(new URL("pyodide.mjs", PYODIDE_URL).href));
  const definition = heardLater(import(new URL("pyodide.asm.mjs", PYODIDE_URL).href));
  const checker = heardLater(lock.then(checkerIn));
  const key = heardLater(Promise.all([runtime, checker]).then(([{ version }, { sha256 }]) => snapshotKey(version, RUNTIME_STDLIB, sha256)));
  const found = findSnapshot(key); // read at once: the key is checked only once it is read
  return { lock, runtime, definition, checker, key, found, compiled: compiledEarly(found), stdlib: stdlibEarly(found) };
})();

// Python, with the checker imported: restored from the picture when there is one, else
// started from nothing. Returns the key a picture of this Python would be labelled with, and
// for a Python from the picture, what fills its disk (fillDisk; null from scratch).
// `countDownloads()` starts counting the bytes of Python's downloads, for the page to show
// (calling it again changes nothing): only for a long start. Restored from the picture, Python
// is ready in about half a second, and reading a second copy of each download
// (download-watch.js) would slow it down.
async function loadPython(report, countDownloads, runtimeHanded) {
  const { lock, runtime, definition, checker, key, found } = beginning;
  // The check only guards against a missing runtime (Pyodide would wait for ever): it holds
  // up nothing, and its answer is heard however Python starts. A runtime in hand, handed over
  // or compiled early, is instantiated without its file: nothing is left to check then.
  const inHand = runtimeHanded
    ? Promise.resolve(true)
    : Promise.resolve(beginning.compiled).then((module) => module instanceof WebAssembly.Module, () => false);
  const reachable = heardLater(inHand.then((held) => (held ? undefined : checkReachable(RUNTIME_URL, "the Python runtime"))));
  // A spare's worker may have looked before the page's first Python kept its picture, which
  // the page waits for before it asks the spare to start: then it looks again.
  const [{ loadPyodide }, foundEarly] = await Promise.all([runtime, found]);
  const picture = foundEarly ?? (await findSnapshot(key));
  if (!picture) {
    // A missing runtime, library or checker, said before a long start (from the picture, the
    // library is read early: stdlibEarly).
    await Promise.all([reachable, checker, checkReachable(STDLIB_URL, "Python's standard library")]);
    countDownloads();
  }
  // The checker downloads, and its files are read out of the wheel, while Python starts (the
  // worker's thread is mostly waiting then); they go on Python's disk once Python is up.
  const files = heardLater(checker.then(({ fileName }) => fetchChecker(fileName)).then(wheelFiles)); // Python may fail to start first
  const createPyodideModule = (await definition).default;
  // Pyodide is handed the lock file as a promise that does not fail: it sets up its runtime
  // before a start from the picture has checked the lock file, and would leave its failure
  // unheard. This start hears it, through the checker it names (`checker`).
  const lockFileContents = lock.catch(() => new Promise(() => {}));
  const options = { indexURL: PYODIDE_URL.href, packageBaseUrl: PYODIDE_URL.href, lockFileContents, createPyodideModule, stdLibURL: STDLIB_URL };
  // From the picture, Python starts at once: the lock file and the runtime's check are heard
  // while it does (the picture's label waits for the lock file, not Python's start).
  pyodide = picture ? await restored(loadPyodide, { ...options, ...fromPicture(picture, createPyodideModule) }, [reachable, checker]) : null;
  startedFrom = pyodide ? "picture" : "scratch";
  if (!pyodide) {
    countDownloads(); // the picture would not restore: this start is a long one too
    // Only a Python started from nothing can have its memory pictured afterwards.
    pyodide = await loadPyodide({ ...options, _makeSnapshot: canKeepSnapshots });
  }
  report("starting", { loaded: 0, total: 0, done: true });
  // The checker's files go on Pyodide's disk every time: a picture of memory holds the
  // modules already imported, not the disk they were read from (labkit reads its lab
  // bundles from there at each Check). They are read by now (a damaged or missing wheel fails
  // the start here); from scratch, they go there before the checker is imported.
  const checkerFiles = await files;
  if (startedFrom === "scratch") {
    putChecker(checkerFiles);
    pyodide.runPython("import labkit.entry");
    return { key: await key, fillDisk: null };
  }
  // From the picture, the checker and all the worker runs before the learner's code are
  // imported already: only the learner's code and the warm-up want the checker's files and the
  // rest of the library. So the disk is filled afterwards (fillDisk), with those files and with
  // the library when Pyodide was handed an empty one (answersMadeEarly); but not before the
  // server has said it gives the library, so that a missing one fails the start as from scratch.
  const library = foundEarly ? await beginning.stdlib : null;
  await library?.answered;
  const fillDisk = async () => {
    putChecker(checkerFiles);
    if (library) putLibrary(await library.bytes);
  };
  return { key: await key, fillDisk };
}

// The standard library, in place of the empty one Pyodide was handed (answersMadeEarly). Its
// address is the one on Python's path, where Pyodide put the empty one; the picture holds the
// table of what is where in it, read from this same file when the picture was taken.
function putLibrary(bytes) {
  const where = pyodide.runPython("import sys\nnext(path for path in sys.path if path.endswith('.zip'))");
  pyodide.FS.writeFile(where, bytes);
}

// The picture is of a Python that has graded a small lab of its own (labkit.warm_up): its
// hot paths are ready, so a Python restored from it is as quick at its first Check as at its
// tenth. Only code written by the course has run in it. Taken before the worker hands Python
// any object of its own (streams, the interrupt buffer, the entry proxy): a picture cannot
// hold those.
function takePicture(key) {
  pyodide.runPython("import labkit.warm_up\nlabkit.warm_up.warm_up()");
  answerOneRequest();
  return saveSnapshot(key, pyodide.makeMemorySnapshot());
}

function warmUpRestored() {
  if (startedFrom !== "picture") return;
  try {
    pyodide.runPython("import labkit.warm_up\nlabkit.warm_up.warm_up()");
  } catch (error) {
    console.warn("Python's warm-up failed; the first Check will be slower:", error);
  }
}

// Every Python here answers one request and is then ended: the guard may hold what the
// learner's code made until then (labkit/guard.py, keep()).
function answerOneRequest() {
  pyodide.runPython("import labkit.guard\nlabkit.guard.answers_one_request()");
}

function connect(buffer) {
  pyodide.setStdout(writer("stdout"));
  pyodide.setStderr(writer("stderr"));
  // input() has no keyboard here: end-of-file gives the learner a clear EOFError.
  pyodide.setStdin({ stdin: () => null });
  if (buffer) {
    interruptBuffer = new Uint8Array(buffer);
    pyodide.setInterruptBuffer(interruptBuffer);
  }
  // Kept for the worker's lifetime: `handle` is borrowed from the module proxy.
  entry = pyodide.pyimport("labkit.entry");
  handle = entry.handle;
}

// Pyodide's lock file, fetched once: the worker reads the checker's name from it, and
// Pyodide takes it as it is rather than fetching it again.
async function fetchLock() {
  const url = new URL("pyodide-lock.json", PYODIDE_URL);
  const response = await fetch(url);
  if (!response.ok) throw refused(response.status, url);
  return response.json();
}

// The checker wheel this build ships, as the build registered it in Pyodide's lock file.
function checkerIn(lock) {
  const { file_name: fileName, sha256 } = lock?.packages?.labkit ?? {};
  if (!fileName || !sha256) throw new Error("pyodide-lock.json does not list the checker (labkit)");
  return { fileName, sha256 };
}

// The options that start Python from `picture` (findSnapshot) while it is still being read:
// Pyodide makes Python's memory the picture's size, instantiates its runtime and sets it up
// meanwhile, rather than after. The runtime says it is up only once the picture is whole (an
// Emscripten run dependency, as Pyodide's own standard library is), and Pyodide restores the
// picture only then (restoreInPlace). A picture that turns out damaged fails the start.
function fromPicture({ picture, read }, createPyodideModule) {
  const waitForPicture = (module) => {
    module.addRunDependency("picture");
    read.then(() => module.removeRunDependency("picture"), () => {});
    restoreInPlace(module, picture);
  };
  const createWaiting = (settings) => {
    settings.preRun = [].concat(settings.preRun ?? [], waitForPicture);
    return Promise.race([createPyodideModule(settings), read.then(() => new Promise(() => {}))]);
  };
  // Pyodide is handed the picture's length alone: it makes Python's memory that size, and an
  // array of zeros as long for restoreSnapshot, which restoreInPlace does not read. Its
  // options, kept for Python's lifetime, hold a number then, not 30 MB.
  return { _loadSnapshot: picture.length, createPyodideModule: createWaiting };
}

// Pyodide restores a picture by copying all of it into Python's memory, from one array the
// size of that memory (30 MB). Here its restoreSnapshot is handed only the picture's head
// (Pyodide's own: a check of the build, and a table of the JavaScript objects Python holds),
// and the rest goes straight from the picture's packed pages into Python's memory. The head's
// length is the second of its 32-bit numbers, as Pyodide writes it (makeMemorySnapshot).
function restoreInPlace(module, picture) {
  const { API } = module;
  const restore = API.restoreSnapshot;
  API.restoreSnapshot = () => {
    API.restoreSnapshot = restore;
    const headLength = new DataView(picture.slice(0, 8).buffer).getUint32(4, true);
    if (headLength < 8 || headLength > picture.length || headLength % 4 !== 0) {
      throw new Error("the picture of Python's memory has no head Pyodide wrote");
    }
    const checked = restore.call(API, picture.slice(0, headLength)); // throws for another build
    picture.copyInto(module.HEAP8, headLength);
    picture.release(); // the worker keeps what it found for its lifetime: not the pages too
    return checked;
  };
}

// A Python started from the picture, or null if the picture would not restore (it is then
// forgotten, and this Python starts the long way). `alongside` are what the start also needs
// (the runtime there, the checker listed): when one of those fails, that is the error, and
// the picture is kept.
async function restored(loadPyodide, options, alongside) {
  const loading = loadPyodide(options);
  loading.catch(() => {}); // heard below; a missing runtime may leave it waiting for ever
  try {
    const [python] = await Promise.all([loading, ...alongside]);
    return python;
  } catch {
    await Promise.all(alongside); // throws what failed alongside: the long way would fail the same
    await forgetSnapshot();
    return null;
  }
}

async function fetchChecker(fileName) {
  const url = new URL(fileName, PYODIDE_URL);
  const response = await fetch(url);
  if (!response.ok) throw refused(response.status, url);
  return response.arrayBuffer();
}

// `site` is imported as Python starts; `sysconfig` would take tens of milliseconds more to
// import on a first visit, for the same folder.
function putChecker(files) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const { path, bytes } of files) {
    const where = `${sitePackages}/${path}`;
    pyodide.FS.mkdirTree(where.slice(0, where.lastIndexOf("/")));
    pyodide.FS.writeFile(where, bytes);
  }
}

const REQUEST_FIELDS = {
  run: ["lab", "code"],
  check: ["lab", "code"],
  attention: ["name"],
  next_letters: ["prefix"],
  train: ["lab", "code", "counts", "steps", "lr", "target"],
  compare: ["lab", "code", "name"],
  sample: ["lab", "code", "parts", "seed"],
  dropin: ["lab", "code"],
  capstone_assemble: ["parts", "reference"],
  capstone_train: ["parts", "steps", "state"],
  capstone_sample: ["state", "temperature", "seed", "name"],
};
const STREAMING = new Set(["train", "capstone_train"]); // requests whose Python reports as it goes

function entryRequest(message) {
  const request = { action: message.type };
  for (const field of REQUEST_FIELDS[message.type]) request[field] = String(message[field] ?? "");
  return request;
}

// A training run's progress, sent from inside Python's loop as it goes (timers cannot fire
// while Python runs, so a reply can only leave from a call like this one). Only labkit holds
// it: the learner's code is never handed it.
function updateReporter(id) {
  return (text) => send({ id, type: "update", update: JSON.parse(String(text)) });
}

function callEntry(message) {
  const request = pyodide.toPy(entryRequest(message));
  let reply = null;
  try {
    reply = STREAMING.has(message.type) ? handle(request, updateReporter(message.id)) : handle(request);
    const result = reply.toJs({ dict_converter: Object.fromEntries });
    // Python's None arrives as undefined; the protocol promises null.
    if (message.type !== "attention" && message.type !== "next_letters") result.error ??= null;
    if (message.type === "run" || message.type === "check") result.checks ??= [];
    if (message.type === "train") {
      result.losses ??= [];
      result.reached ??= null;
    }
    return result;
  } finally {
    request.destroy();
    reply?.destroy?.();
  }
}

function flushPythonStreams() {
  try {
    pyodide.runPython("import sys\nsys.stdout.flush()\nsys.stderr.flush()");
  } catch {
    // A stream the learner replaced or closed is theirs to worry about, not the worker's.
  }
}

function stoppedResult(action) {
  return { action, status: "stopped", summary: "Stopped.", checks: [], error: null };
}

async function runRequest(message) {
  const { id, type } = message;
  try {
    await starting;
  } catch (error) {
    // Fatal: a Python from the picture says it is ready before its start has ended, and one
    // whose start failed then can answer nothing; the page replaces it.
    send({ id, type: "error", message: `Python is not loaded: ${error.message}`, fatal: true });
    return;
  }
  if (!handle) {
    send({ id, type: "error", message: "Python is not loaded yet: send init first." });
    return;
  }
  // The picture goes into storage first: learner code that kept the worker busy would hold up
  // hearing that it is kept, and with it the next Python, which waits to start from it.
  await picturing;
  // A Stop that arrived just after the last run finished must not stop this one.
  if (interruptBuffer) interruptBuffer[0] = 0;
  output = new OutputBatcher(id);
  let result;
  try {
    result = callEntry(message);
  } catch (error) {
    if (error?.type === "KeyboardInterrupt") {
      // The interrupt landed outside the learner's code, where labkit could not catch it.
      result = stoppedResult(type);
    } else {
      // A PythonError is a bug in labkit; anything else means the runtime itself broke
      // (and a broken runtime must not be asked to run anything more).
      const fatal = typeof error?.type !== "string";
      if (!fatal) flushPythonStreams();
      output.finish();
      output = null;
      send({ id, type: "error", message: String(error?.message ?? error), fatal });
      return;
    }
  } finally {
    if (interruptBuffer) interruptBuffer[0] = 0;
    clearTimers(); // a callback this run scheduled must not act in the next
  }
  flushPythonStreams();
  output.finish();
  output = null;
  send({ id, type: "result", result });
}

self.addEventListener("message", async (event) => {
  const request = event.data ?? {};
  const { id, type } = request;
  if (type === "init") {
    starting ??= start(request.interruptBuffer, id, request.readyEarly === true, request.runtimeModule);
    try {
      await starting;
    } catch (error) {
      send({ id, type: "error", message: String(error?.message ?? error) });
      return;
    }
    // A Python restored from the picture warms up too: what the picture holds is Python's own
    // state, not the machine code the browser compiles for each new worker as its code runs.
    // The page's first Python does so once it has said it is ready; what it is asked meanwhile
    // waits. A spare does so first, since nobody is waiting for it yet.
    if (!request.readyEarly) warmUpRestored();
    announceReady(id);
    if (request.readyEarly) warmUpRestored();
  } else if (type === "pictured") {
    await starting?.catch(() => {});
    send({ id, type: "pictured", kept: await picturing });
  } else if (Object.hasOwn(REQUEST_FIELDS, type)) {
    await runRequest(request);
  } else {
    send({ id, type: "error", message: `Unknown request type ${JSON.stringify(type)}.` });
  }
});

// Learner code runs in the Python worker, and Pyodide's `js` module reaches everything the
// worker's global scope holds. So once Pyodide has loaded all it needs, the worker gives
// up every way out of itself: the site's storage and caches, the network, other workers
// and channels, closing itself, and compiling new JavaScript from text (which could ask
// for any of these again). The worker keeps only what it captured before: its own reply
// function and the timers it tracks.

// Each name is removed wherever it is defined on the global scope's prototype chain.
const TAKEN_FROM_SCOPE = [
  // the site's storage and caches
  "caches", "indexedDB", "localStorage", "sessionStorage", "cookieStore",
  // the network
  "fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource", "WebTransport", "importScripts",
  // other threads, pages and tabs
  "Worker", "SharedWorker", "BroadcastChannel", "MessageChannel", "postMessage", "close",
  // compiling JavaScript from text
  "eval",
];
const TAKEN_FROM_NAVIGATOR = ["storage", "serviceWorker", "locks", "permissions", "storageBuckets"];
// Every kind of function's constructor compiles text, reachable from any function object.
const FUNCTION_KINDS = [
  function () {},
  async function () {},
  function* () {},
  async function* () {},
];

function removeEverywhere(object, name) {
  for (let owner = object; owner; owner = Object.getPrototypeOf(owner)) {
    if (!Object.hasOwn(owner, name)) continue;
    if (!delete owner[name]) {
      Object.defineProperty(owner, name, { value: undefined, writable: false, configurable: false });
    }
  }
}

// The same constructor, still itself to `instanceof` and `.prototype` (which Pyodide uses),
// that refuses to be called or constructed.
function refusing(constructor) {
  const refuse = () => {
    throw new Error("Making functions from text is not available to lab code.");
  };
  return new Proxy(constructor, { apply: refuse, construct: refuse });
}

// Timers run JavaScript later: a string would be compiled, and a callback left behind by one
// run would act in the next. Strings are refused; each run's timers end with the run.
function trackTimers(scope) {
  const live = new Map(); // handle -> the function that clears it
  const { setTimeout: once, setInterval: every, clearTimeout: clearOnce, clearInterval: clearEvery } = scope;
  const needsFunction = (callback) => {
    if (typeof callback !== "function") throw new TypeError("Timers need a function, not text.");
  };
  scope.setTimeout = (callback, delay, ...args) => {
    needsFunction(callback);
    const handle = once.call(scope, (...given) => {
      live.delete(handle);
      callback(...given);
    }, delay, ...args);
    live.set(handle, clearOnce);
    return handle;
  };
  scope.setInterval = (callback, delay, ...args) => {
    needsFunction(callback);
    const handle = every.call(scope, callback, delay, ...args);
    live.set(handle, clearEvery);
    return handle;
  };
  scope.clearTimeout = (handle) => {
    live.delete(handle);
    clearOnce.call(scope, handle);
  };
  scope.clearInterval = (handle) => {
    live.delete(handle);
    clearEvery.call(scope, handle);
  };
  return function clearAll() {
    for (const [handle, clear] of live) clear.call(scope, handle);
    live.clear();
  };
}

// Locks the worker down; returns what the worker keeps for itself.
export function lockDown(scope = self) {
  const send = scope.postMessage.bind(scope);
  const clearTimers = trackTimers(scope);
  for (const name of TAKEN_FROM_NAVIGATOR) removeEverywhere(scope.navigator, name);
  for (const name of TAKEN_FROM_SCOPE) removeEverywhere(scope, name);
  for (const kind of FUNCTION_KINDS) {
    const prototype = Object.getPrototypeOf(kind);
    const standIn = refusing(prototype.constructor);
    Object.defineProperty(prototype, "constructor", { value: standIn, writable: false, configurable: false });
    if (prototype === Function.prototype) scope.Function = standIn;
  }
  return { send, clearTimers };
}

// Pyodide's own API is reachable from Python (`import pyodide_js`). Loading packages would
// fetch; the stream and interrupt setters would take the worker's output and Stop away.
const SEALED_RUNTIME = ["loadPackage", "loadPackagesFromImports", "mountNativeFS", "setStdout", "setStderr", "setStdin", "setInterruptBuffer"];

export function sealRuntime(pyodide) {
  for (const name of SEALED_RUNTIME) {
    Object.defineProperty(pyodide, name, {
      value: () => {
        throw new Error(`pyodide.${name} is not available to lab code.`);
      },
      writable: false,
      configurable: false,
    });
  }
}

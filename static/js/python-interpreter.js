// One Python: a worker (python-worker.js) with Pyodide and labkit loaded in it, the requests
// it owes replies to, and the means to stop it. python-client.js keeps a few of these and
// decides which one runs what.
//
//   const python = new Interpreter({ awaited });  // starts loading at once (awaited: the page's first)
//   python.state                           // "loading" | "ready" | "error" | "ended"
//   python.ready                           // a promise: resolves when loaded, rejects if loading failed
//   python.startedFrom                     // once ready: "picture" (from saved memory) or "scratch"
//   python.runtimeModule, .runtimeShared   // once ready: Pyodide's compiled WebAssembly, and whether it was
//                                          // an earlier Python's (new Interpreter({ runtimeModule }))
//   await python.pictureKept()             -> true once the picture of memory it took is kept, false if it took none
//   new Interpreter({ after })             // its worker starts at once, but starts Python only once `after` settles
//   python.loading                         // while loading: { step, number, steps, loaded, total, fraction }
//   python.addEventListener("progress" | "statechange", ...)
//   await python.request(message, onOutput, onUpdate) -> the worker's reply ({type: "stopped", stoppedBy} once ended);
//                                           onUpdate hears a training run's {step, steps, loss} as it goes
//   await python.interrupt(settled)        -> "interrupted" | "unresponsive" | "none"
//   python.end(stoppedBy)                  // terminates the worker; every reply still owed is "stopped"

import { COMPILES_ITS_RUNTIME, HANDED_A_RUNTIME } from "./python-worker-name.js";

const SLOW_LOAD_MS = 15_000; // then say that it is slow
const GIVE_UP_LOAD_MS = 180_000; // then give up rather than wait forever
const INTERRUPT_GRACE_MS = 500; // leaves room to end the worker within the promised second
const INTERRUPT_REPEAT_MS = 25;
const SIGINT = 2;

// The steps of loading Python, in order, each made of the parts the worker reports on (the
// `step` of python-worker.js's progress replies). The runtime and its standard library
// download side by side, so they make one step.
const LOADING_STEPS = [
  { step: "download", parts: ["runtime", "stdlib"] },
  { step: "starting", parts: ["starting"] },
  { step: "checker", parts: ["checker"] },
];
const stepOfPart = (part) => LOADING_STEPS.findIndex(({ parts }) => parts.includes(part));

// Interrupting needs memory shared with the worker, which browsers only allow on
// cross-origin isolated pages (COOP + COEP headers).
export const canInterrupt = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";

export class Interpreter extends EventTarget {
  // `awaited`: the page waits for this Python (its first), so it says it is ready before it
  // pictures its memory or warms up (python-worker.js); a spare does those first, since nobody
  // is waiting for it yet.
  // `runtimeModule`: Pyodide's WebAssembly as an earlier Python compiled it (this.runtimeModule,
  // once ready), to be used rather than compiled again.
  // `after`: a promise to wait for before Python starts (an earlier Python's pictureKept(), so
  // this one starts from that picture rather than from scratch).
  constructor({ awaited = false, runtimeModule = null, after = null } = {}) {
    super();
    this.state = "loading";
    this.message = "";
    this.nextId = 1;
    this.pending = new Map();
    this.loadingParts = {};
    this.loadingReached = 0; // the furthest step the worker has reported on: the ones before it are over
    this.interruptBuffer = canInterrupt ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    const name = runtimeModule ? HANDED_A_RUNTIME : COMPILES_ITS_RUNTIME;
    this.worker = new Worker(new URL("./python-worker.js", import.meta.url), { type: "module", name });
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.broke(event.message || "the Python worker could not start");
    });
    this.startedFrom = null; // once ready: "picture" or "scratch" (python-worker.js)
    this.runtimeModule = null;
    this.runtimeShared = false; // once ready: whether it instantiated the runtimeModule it was given
    this.picture = null; // pictureKept(), once asked
    const init = { type: "init", interruptBuffer: this.interruptBuffer?.buffer, readyEarly: awaited, runtimeModule };
    const started = after ? Promise.resolve(after).catch(() => {}).then(() => this.request(init)) : this.request(init);
    this.ready = started.then(
      (reply) => {
        this.startedFrom = reply?.startedFrom ?? null;
        this.runtimeModule = reply?.runtimeModule ?? runtimeModule;
        this.runtimeShared = reply?.runtimeShared === true;
        if (this.state === "loading") this.setState("ready");
        if (this.state !== "ready") throw new Error(this.message || "Python stopped before it was ready");
      },
      (error) => {
        if (this.state !== "ended") this.fail(error.message);
        throw error;
      },
    );
    this.ready.catch(() => {}); // whoever waits on it hears of the failure; nobody need
    this.watchLoading();
  }

  // Whether the picture of its memory this Python took on its first start is kept (python-worker.js
  // takes one then, if it can): asked once, after it is ready.
  pictureKept() {
    this.picture ??= this.ready.then(() => this.request({ type: "pictured" })).then(
      (reply) => reply?.kept === true,
      () => false,
    );
    return this.picture;
  }

  setState(state, message = "") {
    this.state = state;
    this.message = message;
    this.dispatchEvent(new Event("statechange"));
  }

  watchLoading() {
    setTimeout(() => {
      if (this.state === "loading") this.setState("loading", "slow");
    }, SLOW_LOAD_MS);
    setTimeout(() => {
      if (this.state === "loading") this.fail("it took too long to load");
    }, GIVE_UP_LOAD_MS);
  }

  loadingProgress({ step: part, loaded, total, done }) {
    const index = stepOfPart(part);
    if (index < 0 || this.state !== "loading") return;
    this.loadingParts[part] = { loaded: Number(loaded) || 0, total: Number(total) || 0, done: Boolean(done) };
    this.loadingReached = Math.max(this.loadingReached, index);
    this.dispatchEvent(new Event("progress"));
  }

  // The step under way, its bytes so far (summed over its parts), and how far loading has got
  // as a whole (0 to 1).
  get loading() {
    if (this.state !== "loading") return null;
    const over = (index) =>
      index < this.loadingReached || LOADING_STEPS[index].parts.every((part) => this.loadingParts[part]?.done);
    const first = LOADING_STEPS.findIndex((_, index) => !over(index));
    const index = first < 0 ? LOADING_STEPS.length - 1 : first;
    const parts = LOADING_STEPS[index].parts.map((part) => this.loadingParts[part] ?? { loaded: 0, total: 0 });
    const loaded = parts.reduce((sum, part) => sum + part.loaded, 0);
    // A part that has not said its size yet leaves the whole size unknown.
    const total = parts.every((part) => part.total > 0) ? parts.reduce((sum, part) => sum + part.total, 0) : 0;
    const within = first < 0 ? 1 : total > 0 ? Math.min(loaded / total, 1) : 0;
    return { step: LOADING_STEPS[index].step, number: index + 1, steps: LOADING_STEPS.length, loaded, total, fraction: (index + within) / LOADING_STEPS.length };
  }

  request(message, onOutput, onUpdate) {
    if (this.state === "ended" || this.state === "error") {
      return Promise.reject(Object.assign(new Error(this.message || "this Python has ended"), { fatal: true, ended: true }));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onOutput, onUpdate });
      this.worker.postMessage({ id, ...message });
    });
  }

  receive(reply) {
    const waiting = this.pending.get(reply?.id);
    if (!waiting) return;
    if (reply.type === "output") {
      waiting.onOutput?.({ stream: reply.stream, text: reply.text, note: Boolean(reply.note) });
      return;
    }
    if (reply.type === "progress") {
      this.loadingProgress(reply);
      return;
    }
    if (reply.type === "update") {
      waiting.onUpdate?.(reply.update);
      return;
    }
    this.pending.delete(reply.id);
    if (reply.type === "error") {
      waiting.reject(Object.assign(new Error(reply.message), { fatal: Boolean(reply.fatal) }));
    } else {
      waiting.resolve(reply);
    }
  }

  // Asks the running code to stop, and keeps asking until it has: Python reads the buffer and
  // then zeroes it, not in one step, so a SIGINT written between the two is lost.
  async interrupt(settled) {
    if (!this.interruptBuffer || this.state !== "ready") return "none";
    const buffer = this.interruptBuffer;
    const ask = () => Atomics.store(buffer, 0, SIGINT);
    ask();
    const asking = setInterval(ask, INTERRUPT_REPEAT_MS);
    const answered = await Promise.race([
      settled.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), INTERRUPT_GRACE_MS)),
    ]);
    clearInterval(asking);
    return answered ? "interrupted" : "unresponsive";
  }

  // The worker is gone for good: what it still owed is settled as stopped.
  end(stoppedBy = "restart") {
    if (this.state === "ended") return;
    this.worker.terminate();
    this.setState("ended");
    const owed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of owed) waiting.resolve({ type: "stopped", stoppedBy });
  }

  // The worker crashed or never loaded: what it owed fails, and nothing more is sent to it.
  broke(message) {
    if (this.state === "ended") return;
    this.worker.terminate();
    this.fail(message);
  }

  fail(message) {
    if (this.state === "error" || this.state === "ended") return;
    this.worker.terminate();
    const owed = [...this.pending.values()];
    this.pending.clear();
    this.setState("error", message);
    for (const waiting of owed) waiting.reject(Object.assign(new Error(message), { fatal: true }));
  }
}

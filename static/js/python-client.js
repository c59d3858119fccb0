// The page's side of the Python worker: requests with ids, one listener, and a Stop that always works.
//
//   const python = getPython();            // one worker per page, started at once
//   python.state                           // "loading" | "ready" | "running" | "error"
//   python.addEventListener("statechange", ...)
//   python.loading                         // while loading: { step, number, steps, loaded, total, fraction }
//   python.addEventListener("progress", ...)  // python.loading moved on
//   await python.run(labId, code, { onOutput })    -> result dict (see labkit.entry)
//   await python.check(labId, code, { onOutput })
//   await python.compare(labId, code, name, { onOutput })  -> the learner's function on the real model
//   await python.attention(name)           -> the real model's attention maps (waits for Python to load)
//   await python.stop()                    -> "interrupted" | "restarted" | "idle"
//   python.retry()                         // after a failed load
//
// A stopped run resolves with status "stopped" and `stoppedBy`: "interrupt" (Python is still
// loaded), "restart" (this page cannot interrupt) or "unresponsive" (asked, got no answer).

const INTERRUPT_GRACE_MS = 500; // leaves room to restart within the promised second, even on a busy machine
const SLOW_LOAD_MS = 15_000; // then say that it is slow
const GIVE_UP_LOAD_MS = 180_000; // then offer a retry rather than wait forever
const SIGINT = 2;
const INTERRUPT_REPEAT_MS = 25;

// The steps of loading Python, in order, each made of the parts the worker reports on (the
// `step` of python-worker.js's progress replies). The runtime and its standard library
// download side by side, so they make one step.
const LOADING_STEPS = [
  { step: "download", parts: ["runtime", "stdlib"] },
  { step: "starting", parts: ["starting"] },
  { step: "checker", parts: ["checker"] },
];
const stepOfPart = (part) => LOADING_STEPS.findIndex(({ parts }) => parts.includes(part));

class PythonClient extends EventTarget {
  constructor() {
    super();
    this.state = "loading";
    this.message = "";
    this.nextId = 1;
    this.pending = new Map();
    this.current = null;
    // Interrupting needs memory shared with the worker, which browsers only allow on
    // cross-origin isolated pages (COOP + COEP headers).
    this.canInterrupt = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
    this.startWorker();
  }

  setState(state, message = "") {
    this.state = state;
    this.message = message;
    this.dispatchEvent(new Event("statechange"));
  }

  startWorker() {
    this.loadingParts = {};
    this.loadingReached = 0; // the furthest step the worker has reported on: the ones before it are over
    this.setState("loading");
    const worker = new Worker(new URL("./python-worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    // Replies from a worker we already replaced are ignored.
    worker.addEventListener("message", (event) => {
      if (worker === this.worker) this.receive(event.data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (worker === this.worker) this.crashed(event.message || "the Python worker could not start");
    });
    this.interruptBuffer = this.canInterrupt ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    this.watchLoading(worker);
    this.request({ type: "init", interruptBuffer: this.interruptBuffer?.buffer }).then(
      () => {
        if (worker === this.worker) this.setState("ready");
      },
      (error) => {
        if (worker === this.worker) this.setState("error", error.message);
      },
    );
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

  watchLoading(worker) {
    const stillLoading = () => worker === this.worker && this.state === "loading";
    setTimeout(() => {
      if (stillLoading()) this.setState("loading", "slow");
    }, SLOW_LOAD_MS);
    setTimeout(() => {
      if (!stillLoading()) return;
      worker.terminate();
      this.pending.clear();
      this.setState("error", "it took too long to load");
    }, GIVE_UP_LOAD_MS);
  }

  request(message, onOutput) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onOutput });
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
    this.pending.delete(reply.id);
    if (reply.type === "error") {
      waiting.reject(Object.assign(new Error(reply.message), { fatal: Boolean(reply.fatal) }));
    } else {
      waiting.resolve(reply);
    }
  }

  // Settle everything the old worker owed us, then start a fresh one.
  restart(stoppedBy) {
    this.worker.terminate();
    const owed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of owed) {
      if (stoppedBy) waiting.resolve({ type: "stopped", stoppedBy });
      else waiting.reject(Object.assign(new Error("Python stopped working."), { fatal: true, restarted: true }));
    }
    this.startWorker();
  }

  crashed(message) {
    if (this.state === "loading") {
      this.worker.terminate();
      this.pending.clear();
      this.setState("error", message);
    } else {
      this.restart(null);
    }
  }

  retry() {
    if (this.state !== "error") return;
    this.worker.terminate();
    this.pending.clear();
    this.startWorker();
  }

  run(lab, code, options) {
    return this.execute("run", lab, code, options);
  }

  check(lab, code, options) {
    return this.execute("check", lab, code, options);
  }

  compare(lab, code, name, options) {
    return this.execute("compare", lab, code, { ...options, extra: { name } });
  }

  async execute(type, lab, code, { onOutput, extra } = {}) {
    if (this.state !== "ready") throw new Error(`Python is not ready (it is ${this.state}).`);
    this.setState("running");
    const current = { type, settled: null };
    this.current = current;
    const reply = this.request({ ...extra, type, lab, code }, onOutput);
    current.settled = reply.then(() => {}, () => {});
    try {
      const answer = await reply;
      if (answer.type === "stopped") {
        const summary = type === "check" ? "Stopped before the checks finished." : "Stopped.";
        return { action: type, status: "stopped", summary, checks: [], error: null, stoppedBy: answer.stoppedBy };
      }
      const result = answer.result;
      if (result.status === "stopped") result.stoppedBy = "interrupt";
      return result;
    } catch (error) {
      // The runtime broke: start a fresh one unless that already happened.
      if (error.fatal && !error.restarted && this.current === current) this.restart(null);
      throw error;
    } finally {
      if (this.current === current) {
        this.current = null;
        if (this.state === "running") this.setState("ready");
      }
    }
  }

  // A question that runs none of the learner's code, so it needs no Stop and no "running"
  // state: it waits for Python to load and queues in the worker behind any run.
  async attention(name) {
    for (;;) {
      await this.loaded();
      let answer;
      try {
        answer = await this.request({ type: "attention", name });
      } catch (error) {
        if (error.fatal && !error.restarted) this.restart(null);
        throw error;
      }
      // A Stop meant for a run restarted or interrupted Python under us: ask again.
      if (answer.type === "stopped" || answer.result?.status === "stopped") continue;
      return answer.result;
    }
  }

  // Resolves once a worker has Python loaded; rejects if loading failed.
  loaded() {
    return new Promise((resolve, reject) => {
      const settle = () => {
        if (this.state === "ready" || this.state === "running") resolve();
        else if (this.state === "error") reject(new Error(this.message || "Python could not be loaded"));
        else return false;
        this.removeEventListener("statechange", settle);
        return true;
      };
      if (!settle()) this.addEventListener("statechange", settle);
    });
  }

  async stop() {
    const current = this.current;
    if (!current) return "idle";
    if (this.interruptBuffer) {
      // Python reads the buffer and then zeroes it, not in one step: a SIGINT written between
      // the two is lost. So keep asking until the run ends (a second one is harmless).
      const buffer = this.interruptBuffer;
      const ask = () => Atomics.store(buffer, 0, SIGINT);
      ask();
      const asking = setInterval(ask, INTERRUPT_REPEAT_MS);
      const answered = await Promise.race([
        current.settled.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), INTERRUPT_GRACE_MS)),
      ]);
      clearInterval(asking);
      if (answered) return "interrupted";
      // Python is stuck somewhere it never checks for interrupts: fall through and restart.
      if (this.current !== current) return "interrupted";
      this.restart("unresponsive");
      return "restarted";
    }
    this.restart("restart");
    return "restarted";
  }
}

let client = null;

// One worker per page, shared by every lab on it.
export function getPython() {
  client ??= new PythonClient();
  return client;
}

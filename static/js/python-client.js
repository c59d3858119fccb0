// The page's Python, shared by every lab and view on it. Learner code never runs twice in the
// same Python: each Run, Check or "Run on the model" takes a Python that no learner code has
// touched, and that Python ends with the request. Whatever the code changed (a module, a
// file on Pyodide's disk, a hook, a timer) ends with it, so a verdict depends only on the
// code checked. A warm spare is kept once the learner has run something, so the next request
// need not wait for Python to load.
//
//   const python = getPython();            // starts loading at once
//   python.state                           // "loading" | "ready" | "running" | "error"
//   python.addEventListener("statechange", ...)
//   python.loading                         // while first loading: { step, number, steps, loaded, total, fraction }
//   python.addEventListener("progress", ...)  // python.loading moved on
//   python.spareReady                      // true when the next request will not wait for a load
//   python.nextStartedFrom                 // how that Python started: "picture" | "scratch" | null
//   python.addEventListener("nextchange", ...)  // spareReady may have changed
//   python.expectRuns()                    // the learner is writing code: keep a spare from now on
//   await python.run(labId, code, { onOutput, onStart })    -> result dict (see labkit.entry)
//   await python.check(labId, code, { onOutput, onStart })
//   await python.compare(labId, code, name, { onOutput, onStart })  -> the learner's function on the real model
//   await python.sample(labId, code, parts, seed, { onOutput, onStart })  -> names from the learner's counting model
//   await python.dropin(labId, code, { onOutput, onStart })  -> the learner's Value class in the real model
//   await python.train(labId, code, { counts, steps, lr, target }, { onOutput, onStart, onUpdate })
//                                          -> the learner's train_step run `steps` times, or until the loss is
//                                             at most `target`; onUpdate hears each step's loss
//   await python.capstoneAssemble(parts, reference), capstoneTrain(parts, steps, state, { onUpdate }),
//         capstoneSample(state, temperature, seed, name)  -> the capstone's model of the learner's labs (labkit.capstone)
//   await python.attention(name)           -> the real model's attention maps (waits for Python to load)
//   await python.nextLetters(prefix)       -> the real model's next-token probabilities after `prefix` (the same way)
//   await python.stop()                    -> "interrupted" | "restarted" | "idle"
//   python.retry()                         // after a failed load
//
// `onStart` is called when the code is handed to Python (after any wait for a fresh one), so a
// time limit counts only the code's own time. A stopped run resolves with status "stopped" and
// `stoppedBy`: "interrupt" (asked Python to stop, and it did), "restart" (this page cannot
// interrupt, so that Python was ended) or "unresponsive" (asked, got no answer, ended it).

import { Interpreter } from "./python-interpreter.js";

class PythonClient extends EventTarget {
  constructor() {
    super();
    this.state = "loading";
    this.message = "";
    this.active = null; // the learner request under way: { interpreter, settled, stop }
    this.keepSpare = false; // set once the learner writes or runs code: a page only read needs one Python
    this.spare = null;
    this.current = null;
    this.adopt(new Interpreter({ awaited: true }));
  }

  setState(state, message = "") {
    this.state = state;
    this.message = message;
    this.dispatchEvent(new Event("statechange"));
  }

  get loading() {
    return this.state === "loading" ? this.current.loading : null;
  }

  get spareReady() {
    return this.current?.state === "ready";
  }

  // How the Python the next request takes was started: "picture", "scratch", or null while loading.
  get nextStartedFrom() {
    return this.current?.state === "ready" ? this.current.startedFrom : null;
  }

  // `interpreter` becomes the untouched Python the next request takes. Until one has ever
  // loaded, the page's state follows its loading.
  adopt(interpreter) {
    this.current = interpreter;
    this.dispatchEvent(new Event("nextchange"));
    interpreter.addEventListener("progress", () => {
      if (interpreter === this.current && this.state === "loading") this.dispatchEvent(new Event("progress"));
    });
    interpreter.addEventListener("statechange", () => {
      this.followCurrent(interpreter);
      if (interpreter === this.current) this.dispatchEvent(new Event("nextchange"));
    });
    interpreter.ready.then(() => this.startSpare(), () => {});
    this.followCurrent(interpreter);
  }

  followCurrent(interpreter) {
    if (interpreter !== this.current) return;
    if (interpreter.state === "error") {
      // Loading failed (or an idle Python broke): a request that waits for it hears why.
      if (this.state !== "running") this.setState("error", interpreter.message);
    } else if (this.state === "loading") {
      if (interpreter.state === "ready") this.setState("ready");
      else if (interpreter.message !== this.message) this.setState("loading", interpreter.message);
    } else if (this.state === "error" && interpreter.state !== "ended") {
      this.setState(interpreter.state === "ready" ? "ready" : "loading");
    }
  }

  // Called when the learner starts writing code: from then on a spare Python is kept, so the
  // run after the first need not wait for a load either. A page that is only read keeps one.
  expectRuns() {
    if (this.keepSpare) return;
    this.keepSpare = true;
    this.startSpare();
  }

  // A second untouched Python loads in the background once the first is ready, so it does not
  // slow the first load down.
  startSpare() {
    // Not while a learner's code runs: loading would compete with it for the processor.
    if (!this.keepSpare || this.spare || this.active || this.current?.state !== "ready") return;
    // It starts once the picture the current one may be taking is kept, and so starts from that.
    this.spare = new Interpreter({ runtimeModule: this.runtimeModule(), after: this.current.pictureKept() });
    this.spare.ready.catch(() => {
      this.spare = null; // tried again when it is next needed
    });
  }

  // Takes the untouched Python out of the pool for one learner request; the spare (or a new
  // Python) becomes the next one.
  take() {
    this.keepSpare = true;
    const taken = this.current;
    const next = this.spare ?? new Interpreter({ runtimeModule: this.runtimeModule(), after: taken.pictureKept() });
    this.spare = null;
    this.adopt(next);
    return taken;
  }

  // Pyodide's WebAssembly as the page's first Python compiled it: later ones only instantiate it.
  runtimeModule() {
    return this.current?.runtimeModule ?? null;
  }

  retry() {
    if (this.state !== "error") return;
    this.current.end();
    this.spare?.end();
    this.spare = null;
    this.setState("loading");
    this.adopt(new Interpreter({ awaited: true }));
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

  // `parts`: [{title, code}] of the earlier labs whose functions run first (sent as JSON text).
  sample(lab, code, parts, seed, options) {
    return this.execute("sample", lab, code, { ...options, extra: { parts: JSON.stringify(parts), seed: String(seed) } });
  }

  // Learner code, so through execute: a fresh Python, ended with the request.
  dropin(lab, code, options) {
    return this.execute("dropin", lab, code, options);
  }

  // A training run is learner code like any other: a fresh Python, ended afterwards.
  train(lab, code, { counts, steps, lr, target }, options) {
    return this.execute("train", lab, code, { ...options, extra: { counts: JSON.stringify(counts), steps, lr, target: target ?? "" } });
  }

  // The capstone runs the learner's passed labs' code (`parts`: {lab id: code}), so each request
  // takes a fresh Python like any learner code. Pause is stop(): Python replies with the state.
  capstoneAssemble(parts, reference, options) {
    return this.execute("capstone_assemble", "", "", { ...options, extra: { parts: JSON.stringify(parts), reference: String(reference) } });
  }

  capstoneTrain(parts, steps, state, options) {
    const saved = state ? JSON.stringify(state) : "";
    return this.execute("capstone_train", "", "", { ...options, extra: { parts: JSON.stringify(parts), steps: String(steps), state: saved } });
  }

  capstoneSample(state, temperature, seed, name, options) {
    return this.execute("capstone_sample", "", "", { ...options, extra: { state: JSON.stringify(state), temperature: String(temperature), seed: String(seed), name: String(name) } });
  }

  async execute(type, lab, code, { onOutput, onStart, onUpdate, extra } = {}) {
    if (this.state !== "ready") throw new Error(`Python is not ready (it is ${this.state}).`);
    this.setState("running");
    let stopWaiting;
    const stopped = new Promise((resolve) => (stopWaiting = resolve));
    const active = { interpreter: null, settled: null, stopWaiting };
    this.active = active;
    const interpreter = this.take();
    try {
      // Usually ready already; a learner quicker than a load waits here, and Stop still works.
      const loadFailed = (error) => {
        throw Object.assign(new Error(`a fresh Python could not be loaded: ${error.message}`), { fatal: true });
      };
      const waited = await Promise.race([interpreter.ready.then(() => "ready", loadFailed), stopped]);
      if (waited !== "ready") return stoppedResult(type, waited);
      // A Python started the long way runs code only once its picture of memory is kept (or
      // given up on): waited for here, so that none of it counts in the learner's time limit.
      if (interpreter.startedFrom === "scratch") {
        const kept = await Promise.race([interpreter.pictureKept().then(() => "ready"), stopped]);
        if (kept !== "ready") return stoppedResult(type, kept);
      }
      active.interpreter = interpreter;
      onStart?.();
      const reply = interpreter.request({ ...extra, type, lab, code }, onOutput, onUpdate);
      active.settled = reply.then(() => {}, () => {});
      const answer = await reply;
      if (answer.type === "stopped") return stoppedResult(type, answer.stoppedBy);
      const result = answer.result;
      if (result.status === "stopped") result.stoppedBy = "interrupt";
      return result;
    } finally {
      interpreter.end(); // nothing the learner's code touched outlives its request
      if (this.active === active) {
        this.active = null;
        const next = this.current.state;
        this.setState(next === "error" ? "error" : "ready", next === "error" ? this.current.message : "");
        this.startSpare();
      }
    }
  }

  // Questions that run none of the learner's code: each waits for Python to load and runs in
  // the untouched Python. Requests reach a worker in order, so one asked before a learner
  // request took that Python is answered before the learner's code runs there.
  attention(name) {
    return this.askModel({ type: "attention", name });
  }

  nextLetters(prefix) {
    return this.askModel({ type: "next_letters", prefix });
  }

  async askModel(message) {
    for (;;) {
      await this.loaded();
      const interpreter = this.current;
      let answer;
      try {
        answer = await interpreter.request(message);
      } catch (error) {
        if (interpreter.state === "ended") continue; // taken and ended under us: ask the next one
        if (error.fatal && interpreter === this.current && this.state !== "running") this.retryAfterCrash();
        throw error;
      }
      // That Python was taken by a run and stopped before it got to us: ask the next one.
      if (answer.type === "stopped" || answer.result?.status === "stopped") continue;
      return answer.result;
    }
  }

  retryAfterCrash() {
    this.setState("error", this.current.message);
    this.retry();
  }

  // Resolves once an untouched Python is loaded; rejects if loading failed.
  loaded() {
    return this.current.ready.catch(() => {
      throw new Error(this.current.message || "Python could not be loaded");
    });
  }

  async stop() {
    const active = this.active;
    if (!active) return "idle";
    if (!active.interpreter) {
      active.stopWaiting("restart"); // it never started: nothing ran
      return "restarted";
    }
    const how = await active.interpreter.interrupt(active.settled);
    if (how === "interrupted") return "interrupted";
    active.interpreter.end(how === "unresponsive" ? "unresponsive" : "restart");
    return "restarted";
  }
}

function stoppedResult(action, stoppedBy) {
  const summary = action === "check" ? "Stopped before the checks finished." : "Stopped.";
  return { action, status: "stopped", summary, checks: [], error: null, stoppedBy };
}

let client = null;

// One pool per page, shared by every lab on it.
export function getPython() {
  client ??= new PythonClient();
  return client;
}

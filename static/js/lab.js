// The lab widget: an editor, Run / Check / Stop, output, a verdict, hints and the solution.
// Each <section data-lab-id> on the page becomes one Lab; its data is the JSON in
// <script type="application/json" data-lab-config> inside the section (see lab.html).

import { createEditor } from "./editor.js";
import { getPython } from "./python-client.js";
import { canInterrupt } from "./python-interpreter.js";
import { getProgress, showStorageNote } from "./progress.js";
import { confirmDialog } from "./confirm.js";
import { ModelCompare } from "./model-compare.js";
import { ModelTable, isTableHook } from "./model-table.js";
import { NamesSampler } from "./names-sampler.js";
import { ValueDropIn, DROP_IN_HOOK } from "./value-dropin.js";
// The worker cuts output at OUTPUT_CAP first; the page guards itself all the same.
import { DEFAULT_TIME_LIMIT, OUTPUT_CAP } from "./course-constants.js";
import { Verdict } from "./verdict.js";

const DRAFT_DELAY_MS = 300;
const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const UNDO_KEYS = IS_MAC ? "⌘+Z" : "Ctrl+Z";

// Each step of loading Python, as the learner reads it (python-client.js, LOADING_STEPS).
const LOADING_LABELS = {
  download: "the runtime and standard library",
  starting: "starting Python",
  checker: "the lab checker",
};

const STOP_NOTES = {
  interrupt: "Stopped.",
  restart: "Stopped by ending the Python it ran in (this page cannot interrupt one).",
  unresponsive: "Your code did not stop when asked, so the Python it ran in was ended.",
};
const FRESH_PYTHON_NOTE = "Starting a fresh Python for this run (each run gets one, so nothing from an earlier run can change it)…";
const FRESH_PYTHON_NOTE_MS = 400;
const SELF_INTERRUPTED =
  "Your code raised KeyboardInterrupt, the error Python uses for Stop, so everything stopped there. Leave it out: a lab's code should run to its end.";

// Output is always text: every piece goes in through a text node, never as HTML.
class OutputLog {
  constructor(element) {
    this.element = element;
    this.clear();
  }

  clear() {
    this.element.replaceChildren();
    this.count = 0;
    this.cut = false;
    this.lastStream = null;
    this.lastText = null;
  }

  busy(isBusy) {
    // While busy, screen readers wait instead of reading every chunk as it streams in.
    this.element.setAttribute("aria-busy", String(isBusy));
  }

  write({ stream, text, note }) {
    if (note) {
      this.note(text);
      return;
    }
    if (this.cut || !text) return;
    if (this.count + text.length > OUTPUT_CAP) {
      this.append(stream, text.slice(0, OUTPUT_CAP - this.count));
      this.cut = true;
      this.note("Output cut: only the first part is shown.");
      return;
    }
    this.append(stream, text);
  }

  append(stream, text) {
    const stick = this.atBottom();
    if (stream === this.lastStream && this.lastText) {
      this.lastText.appendData(text);
    } else {
      this.lastText = document.createTextNode(text);
      this.add(`output-${stream === "stderr" ? "stderr" : "stdout"}`, this.lastText);
      this.lastStream = stream;
    }
    this.count += text.length;
    if (stick) this.scrollToEnd();
  }

  note(text) {
    this.block("output-note", text);
  }

  error(text) {
    this.block("output-error", text);
  }

  block(className, text) {
    const stick = this.atBottom();
    this.add(className, document.createTextNode(text));
    this.lastStream = null;
    this.lastText = null;
    if (stick) this.scrollToEnd();
  }

  add(className, node) {
    const span = document.createElement("span");
    span.className = className;
    span.append(node);
    this.element.append(span);
  }

  atBottom() {
    const { scrollTop, scrollHeight, clientHeight } = this.element;
    return scrollHeight - scrollTop - clientHeight < 24;
  }

  scrollToEnd() {
    this.element.scrollTop = this.element.scrollHeight;
  }
}

// aria-disabled rather than disabled: a button that is busy keeps keyboard focus instead of
// dropping it on the page body, and screen readers still find it.
function setEnabled(button, enabled) {
  if (!button) return; // a lab whose author keeps the solution out has no Show solution
  button.disabled = false;
  button.setAttribute("aria-disabled", String(!enabled));
}

// "3.1 of 9.6 MB", "96 of 103 kB", or "3.1 MB" when the size is not known.
function formatBytes(loaded, total) {
  const unit = Math.max(loaded, total) >= 1e6 ? { size: 1e6, name: "MB", digits: 1 } : { size: 1e3, name: "kB", digits: 0 };
  const amount = (bytes) => (bytes / unit.size).toFixed(unit.digits);
  return total > 0 ? `${amount(loaded)} of ${amount(total)} ${unit.name}` : `${amount(loaded)} ${unit.name}`;
}

function isEnabled(button) {
  return button.getAttribute("aria-disabled") !== "true";
}

class Lab {
  constructor(section, python, progress) {
    this.section = section;
    this.python = python;
    this.progress = progress;
    this.config = JSON.parse(section.querySelector("[data-lab-config]").textContent);
    this.id = this.config.id;
    this.starter = this.config.starter;
    this.timeLimit = Number(this.config.timeLimit) > 0 ? Number(this.config.timeLimit) : DEFAULT_TIME_LIMIT;
    this.running = false;
    this.draftTimer = null;

    const find = (selector) => section.querySelector(selector);
    this.buttons = Object.fromEntries(
      ["run", "check", "stop", "reset", "hint", "solution", "retry"].map((action) => [action, find(`[data-action="${action}"]`)]),
    );
    this.pythonMessage = find("[data-python-message]");
    this.pythonProgress = find("[data-python-progress]");
    this.verdict = new Verdict(find("[data-verdict]"), find("[data-verdict-link]"));
    this.badge = find("[data-lab-badge]");
    this.hintNote = find("[data-hint-note]");
    this.hints = [...section.querySelectorAll(".lab-hint")];
    this.log = new OutputLog(find("[data-output]"));

    const holder = find("[data-editor]");
    const help = find(".lab-help");
    holder.replaceChildren();
    this.editor = createEditor(holder, {
      doc: progress.draft(this.id) ?? this.starter,
      onChange: (code) => this.draftChanged(code),
      onCheck: () => this.execute("check"),
      describedBy: help?.id,
    });

    // A handle for browser tests and the console: section.labEditor.getCode() / setCode(text).
    section.labEditor = this.editor;

    const panel = find("[data-model-panel]");
    const hook = this.config.modelHook;
    const Panel = hook === DROP_IN_HOOK ? ValueDropIn : isTableHook(hook) ? ModelTable : ModelCompare;
    this.model = panel && this.config.modelHook
      ? new Panel(panel, { hook: this.config.modelHook, run: (name) => this.compareOnModel(name) })
      : null;
    const namesPanel = find("[data-names-panel]");
    this.names = namesPanel && this.config.namesView
      ? new NamesSampler(namesPanel, { labs: this.config.namesView, progress, run: (parts, seed) => this.sampleNames(parts, seed) })
      : null;

    this.showStopMode(find("[data-stop-mode]"));
    this.wireButtons();
    this.restoreHints();
    this.badge.hidden = !progress.isPassed(this.id);
    if (progress.isPassed(this.id)) {
      this.model?.unlock();
      this.names?.unlock();
    }
    python.addEventListener("statechange", () => this.update());
    python.addEventListener("progress", () => this.update());
    // Whether the next run has its fresh Python loaded already (tests and the benchmark wait on it).
    const showNext = () => {
      this.section.dataset.pythonNext = python.spareReady ? "ready" : "loading";
      this.section.dataset.pythonStartedFrom = python.nextStartedFrom ?? "";
    };
    python.addEventListener("nextchange", showNext);
    showNext();
    // Storage that fails mid-lesson (full, say) is news where the learner is looking, not
    // only in the note at the top of the page.
    progress.addEventListener("problem", () => {
      if (progress.problem) this.log.note(progress.problem);
    });
    this.update();
  }

  // Stop can interrupt Python only on a cross-origin isolated page; elsewhere it ends that
  // Python and starts another. The learner is told which, before they need it.
  showStopMode(note) {
    this.section.dataset.stopMode = canInterrupt ? "interrupt" : "restart";
    if (!note) return;
    note.textContent = canInterrupt
      ? "Stop interrupts your code; Python carries on."
      : "Stop ends the Python your code runs in and starts another: this page cannot interrupt it (reloading it once may change that).";
  }

  wireButtons() {
    const on = (action, handler) =>
      this.buttons[action]?.addEventListener("click", () => {
        if (isEnabled(this.buttons[action])) handler();
      });
    on("run", () => this.execute("run"));
    on("check", () => this.execute("check"));
    on("stop", () => this.stop());
    on("reset", () => this.reset());
    on("hint", () => this.showHint({ focus: true }));
    on("solution", () => this.showSolution());
    this.buttons.retry?.addEventListener("click", () => this.python.retry());
    for (const action of ["reset", "solution"]) setEnabled(this.buttons[action], true);
  }

  // ----- Python state -----

  update() {
    const { state, message } = this.python;
    this.section.dataset.pythonState = state;
    const ready = state === "ready";
    setEnabled(this.buttons.run, ready);
    setEnabled(this.buttons.check, ready);
    setEnabled(this.buttons.stop, this.running);
    this.buttons.retry.hidden = state !== "error";
    this.model?.update(ready && !this.running);
    this.names?.update(ready && !this.running);
    this.showLoading(this.python.loading);
    const text = {
      loading: this.loadingText(this.python.loading, message === "slow"),
      ready: "Python is ready.",
      running: this.running
        ? "Running… Stop ends it."
        : "Python is busy with another lab on this page.",
      error: `Python could not be loaded: ${message || "unknown error"}. Check your connection, then retry.`,
    }[state];
    // The same words again would be read out again: the live message changes only with its news.
    if (this.pythonMessage.textContent !== text) this.pythonMessage.textContent = text;
  }

  loadingText(loading, slow) {
    const step = loading ? ` (${loading.number} of ${loading.steps}): ${LOADING_LABELS[loading.step]}` : "";
    const note = slow ? " On a slow connection this can take a minute." : "";
    return `Loading Python${step}…${note}`;
  }

  // How far loading has got: a bar for the whole, and the bytes of the step under way.
  showLoading(loading) {
    this.pythonProgress.hidden = !loading;
    if (!loading) return;
    this.pythonProgress.querySelector("progress").value = loading.fraction;
    const bytes = this.pythonProgress.querySelector("[data-python-bytes]");
    bytes.textContent = loading.loaded > 0 ? formatBytes(loading.loaded, loading.total) : "";
  }

  // ----- Drafts -----

  draftChanged(code) {
    this.python.expectRuns(); // the learner is writing code: have a second Python ready for it
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.saveDraft(code), DRAFT_DELAY_MS);
  }

  saveDraft(code = this.editor.getCode()) {
    clearTimeout(this.draftTimer);
    this.draftTimer = null;
    // Untouched starter code is not a draft, so a corrected starter reaches the learner.
    if (code === this.starter) this.progress.forgetDraft(this.id);
    else this.progress.saveDraft(this.id, code);
  }

  flushDraft() {
    if (this.draftTimer !== null) this.saveDraft();
  }

  // ----- Run, Check, Stop -----

  async execute(action) {
    if (this.python.state !== "ready" || this.running) return;
    const code = this.editor.getCode();
    this.flushDraft();
    this.log.clear();
    this.log.busy(true);
    if (action === "check") this.verdict.checking();
    else this.verdict.clear();
    // Where the learner was when the checks started: the verdict takes focus from there, but
    // not from somewhere they have moved to since.
    const focusedAtStart = document.activeElement;
    this.running = true;
    this.timedOut = false;
    this.stopAsked = false;
    const timer = this.timeLimiter();
    // Each run has a Python no code has touched; when the learner is quicker than its load,
    // say what the pause is.
    const waiting = setTimeout(() => this.log.note(FRESH_PYTHON_NOTE), FRESH_PYTHON_NOTE_MS);
    const started = () => {
      clearTimeout(waiting);
      timer.start();
    };
    let result;
    try {
      result = await this.python[action](this.id, code, { onOutput: (piece) => this.log.write(piece), onStart: started });
    } catch (error) {
      result = null;
      if (error.fatal) {
        this.log.error(`Python stopped working (${error.message}). It is restarting; your code is still in the editor.`);
      } else {
        this.log.error(`Something went wrong in the course's checker, not in your code:\n${error.message}`);
      }
      if (action === "check") this.verdict.show("error", "The checks could not run. Try again in a moment.");
    } finally {
      clearTimeout(waiting);
      timer.clear();
      this.running = false;
      this.log.busy(false);
      this.update();
    }
    if (result) this.showResult(action, result);
    const focused = document.activeElement;
    if (action === "check" && (focused === focusedAtStart || focused === document.body || !focused)) this.verdict.reveal();
  }

  // The time limit counts from the moment Python has the code, not from the click (which may
  // wait a moment for a fresh Python).
  timeLimiter() {
    let handle = null;
    return {
      start: () => {
        handle = setTimeout(() => {
          this.timedOut = true;
          this.python.stop();
        }, this.timeLimit * 1000);
      },
      clear: () => clearTimeout(handle),
    };
  }

  async stop() {
    if (!this.running) return;
    this.stopAsked = true;
    await this.python.stop();
  }

  // The lab's code inside the real model: run like Run and Check, so Stop and the time limit hold.
  compareOnModel(name) {
    const hook = this.config.modelHook;
    return this.panelRequest((code, onStart) =>
      hook === DROP_IN_HOOK ? this.python.dropin(this.id, code, { onStart }) : this.python.compare(this.id, code, name, { onStart }),
    );
  }

  // The learner's counting model on the real names, run the same way.
  sampleNames(parts, seed) {
    return this.panelRequest((code, onStart) => this.python.sample(this.id, code, parts, seed, { onStart }));
  }

  // A panel's request with the editor's code: null when Python is busy; a stopped result says
  // whether the time limit stopped it.
  async panelRequest(send) {
    if (this.python.state !== "ready" || this.running) return null;
    const code = this.editor.getCode();
    this.flushDraft();
    this.running = true;
    this.timedOut = false;
    this.update();
    const timer = this.timeLimiter();
    try {
      const result = await send(code, timer.start);
      if (result?.status === "stopped") result.timedOut = this.timedOut;
      return result;
    } finally {
      timer.clear();
      this.running = false;
      this.update();
    }
  }

  showResult(action, result) {
    if (result.status === "stopped" && !this.timedOut && !this.stopAsked) {
      // Nobody pressed Stop: the learner's own code raised KeyboardInterrupt.
      this.log.error(SELF_INTERRUPTED);
      if (action === "check") this.verdict.show("error", SELF_INTERRUPTED);
      return;
    }
    if (result.status === "stopped") {
      const overTime = `Your code ran for more than ${this.timeLimitText()}, this lab's time limit.`;
      const limit = this.timedOut ? `${overTime} Is there a loop that never ends? ` : "";
      this.log.note(limit + (STOP_NOTES[result.stoppedBy] ?? STOP_NOTES.interrupt));
      if (action === "check") {
        // The verdict is where a learner looks after Check: it says why the checks did not finish.
        this.verdict.show("stopped", this.timedOut ? `Stopped before the checks finished. ${overTime}` : result.summary || "Stopped before the checks finished.");
      }
      return;
    }
    if (result.error) {
      this.log.error(result.error.text || `${result.error.type}: ${result.error.message}`);
    } else if (action === "run") {
      this.log.note(result.summary || "Your code ran to the end.");
    }
    if (action === "check") {
      if (result.status === "passed") this.recordPass();
      this.verdict.showCheck(result);
    }
  }

  timeLimitText() {
    return `${this.timeLimit} second${this.timeLimit === 1 ? "" : "s"}`;
  }

  recordPass() {
    this.progress.markPassed(this.id);
    this.badge.hidden = false;
    this.model?.unlock();
    this.names?.unlock();
  }

  // ----- Hints -----

  restoreHints() {
    const shown = Math.min(this.progress.hintsShown(this.id), this.hints.length);
    this.hints.forEach((hint, index) => {
      hint.hidden = index >= shown;
    });
    this.updateHintButton();
  }

  shownHints() {
    return this.hints.filter((hint) => !hint.hidden).length;
  }

  showHint({ focus }) {
    const next = this.hints.find((hint) => hint.hidden);
    if (!next) return;
    next.hidden = false;
    this.progress.setHintsShown(this.id, this.shownHints());
    this.updateHintButton();
    if (focus) next.focus();
  }

  updateHintButton() {
    const total = this.hints.length;
    const shown = this.shownHints();
    setEnabled(this.buttons.hint, shown < total);
    if (total === 0) this.hintNote.textContent = "This lab has no hints.";
    else if (shown === 0) this.hintNote.textContent = `${total} hint${total === 1 ? "" : "s"} available, one at a time.`;
    else if (shown < total) this.hintNote.textContent = `Showing ${shown} of ${total} hints.`;
    else this.hintNote.textContent = `All ${total} hint${total === 1 ? " is" : "s are"} shown; there are no more.`;
  }

  // ----- Reset and solution -----

  async reset() {
    if (this.editor.getCode() !== this.starter) {
      const sure = await confirmDialog({
        title: "Reset your code?",
        text: `This puts the starter code back in the editor. You can still get your code back with ${UNDO_KEYS} in the editor.`,
        confirmLabel: "Reset my code",
      });
      if (!sure) return;
    }
    this.editor.setCode(this.starter);
    this.saveDraft(this.starter);
    this.editor.focus();
  }

  async showSolution() {
    const sure = await confirmDialog({
      title: "Show the solution?",
      text: `Working it out yourself teaches the most, and the hints may be enough. The solution will replace the code in the editor; ${UNDO_KEYS} in the editor brings your code back.`,
      confirmLabel: "Show the solution",
    });
    if (!sure) return;
    let solution;
    try {
      const response = await fetch(new URL(this.config.solutionUrl, document.baseURI));
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      solution = await response.text();
    } catch (error) {
      this.log.note(`The solution could not be loaded (${error.message}). Check your connection and try again.`);
      return;
    }
    this.editor.setCode(solution);
    this.saveDraft(solution);
    this.log.note(`The solution is in the editor. ${UNDO_KEYS} in the editor brings your own code back.`);
    this.editor.focus();
  }
}

function start() {
  const sections = [...document.querySelectorAll("section[data-lab-id]")];
  if (sections.length === 0) return;
  const progress = getProgress();
  showStorageNote(progress);
  const python = getPython();
  const labs = [];
  for (const section of sections) {
    try {
      labs.push(new Lab(section, python, progress));
    } catch (error) {
      // One broken lab must not take the others down with it.
      console.error(`Lab ${section.dataset.labId} could not start:`, error);
    }
  }
  // Typing in the last 300 ms before leaving must not be lost.
  addEventListener("pagehide", () => labs.forEach((lab) => lab.flushDraft()));
}

start();

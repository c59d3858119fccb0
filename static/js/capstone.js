// Entry point for the capstone (capstone.html): assemble the learner's microgpt from their
// passed labs, train it in the page's Python worker, and sample from it. Python does the
// work (labkit.capstone); this module shows the progress at most once a frame (the curve
// redraws less often still: capstone-curve.js) and keeps the run in IndexedDB
// (capstone-store.js) so a reload resumes from the last checkpoint.

import { getPython } from "./python-client.js";
import { getProgress } from "./progress.js";
import { bestRun, loadRun, saveRun } from "./capstone-store.js";
import { lossCurve, movingAverage } from "./capstone-curve.js";
import { HeadsSideBySide } from "./heads-side-by-side.js";

const STATUS_EVERY = 10; // steps between status lines, so a screen reader is not flooded

function fixed(value, digits = 4) {
  return Number(value).toFixed(digits);
}

// {lab id: the learner's code} for every piece whose lab they have passed.
function passedParts(pieces) {
  const progress = getProgress();
  const parts = {};
  for (const { lab } of pieces) {
    const code = progress.draft(lab);
    if (progress.isPassed(lab) && typeof code === "string") parts[lab] = code;
  }
  return parts;
}

async function readyPython(say) {
  const python = getPython();
  if (python.state === "error") python.retry();
  if (python.state === "running") {
    say("Python is busy with another run on this page: wait for it, then try again.");
    return null;
  }
  if (python.state === "loading") {
    say("Loading Python…");
    await python.loaded();
  }
  return python;
}

class Part {
  constructor(section) {
    this.section = section;
    this.config = JSON.parse(section.querySelector("[data-capstone-config]").textContent);
    this.status = section.querySelector("[data-capstone-status]");
  }

  $(selector) {
    return this.section.querySelector(selector);
  }

  say(text) {
    this.status.textContent = text;
  }
}

class Assemble extends Part {
  constructor(section) {
    super(section);
    this.rows = this.$("[data-capstone-pieces]");
    this.difference = this.$("[data-capstone-difference]");
    this.button = this.$('[data-capstone-action="assemble"]');
    this.button.addEventListener("click", () => this.assemble());
    const parts = passedParts(this.config.pieces);
    this.showPieces(this.config.pieces.map((piece) => ({ ...piece, yours: piece.lab in parts })));
  }

  // Each row: the piece, whose it is, and why, naming the lab by its title with a link to it.
  showPieces(pieces) {
    const byLab = new Map(this.config.pieces.map((piece) => [piece.lab, piece]));
    this.rows.replaceChildren(
      ...pieces.map(({ piece, lab, yours }) => {
        const row = document.createElement("tr");
        for (const text of [`${piece}()`, yours ? "yours" : "the course's"]) {
          const cell = document.createElement("td");
          cell.textContent = text;
          row.append(cell);
        }
        row.append(this.why(byLab.get(lab) ?? { lab, title: lab, url: "" }, yours));
        row.classList.toggle("capstone-yours", yours);
        return row;
      }),
    );
  }

  why({ title, url }, yours) {
    const cell = document.createElement("td");
    const name = url ? document.createElement("a") : document.createElement("span");
    if (url) name.href = this.config.root + url;
    name.textContent = `“${title}”`;
    cell.append(yours ? "you passed the lab " : "the lab ", name, yours ? "" : " is not passed yet");
    return cell;
  }

  async assemble() {
    const python = await readyPython((text) => this.say(text));
    if (!python) return;
    this.button.disabled = true;
    this.say("Building the model from your labs and running step 0…");
    try {
      const result = await python.capstoneAssemble(passedParts(this.config.pieces), this.config.firstLoss);
      if (result.pieces) this.showPieces(result.pieces);
      this.say(result.summary);
      this.showDifference(result.difference);
    } catch (error) {
      this.say(`The first step could not run: ${error.message}`);
    } finally {
      this.button.disabled = false;
    }
  }

  showDifference(difference) {
    this.difference.hidden = !difference;
    if (!difference) return;
    const list = (values) => `[${values.map((v) => Number(v).toPrecision(10)).join(", ")}${values.length === 6 ? ", …" : ""}]`;
    this.difference.textContent =
      `On the same input, your ${difference.piece}() gave ${list(difference.got)} where the course's gives ${list(difference.expected)}` +
      (difference.gap === null ? " (a different number of values)." : ` (the largest gap is ${Number(difference.gap).toPrecision(3)}).`);
  }
}

class Train extends Part {
  constructor(section) {
    super(section);
    this.buttons = Object.fromEntries(["train", "pause", "resume"].map((name) => [name, this.$(`[data-capstone-action="${name}"]`)]));
    this.progress = this.$("[data-capstone-progress]");
    this.fill = this.$("[data-capstone-fill]");
    this.rate = this.$("[data-capstone-rate]");
    this.radios = [...section.querySelectorAll('input[type="radio"]')];
    this.losses = [];
    this.running = false;
    this.frame = 0;
    this.buttons.train.addEventListener("click", () => this.start(null));
    this.buttons.resume.addEventListener("click", () => this.resume());
    this.buttons.pause.addEventListener("click", () => this.pause());
    for (const radio of this.radios) radio.addEventListener("change", () => this.showSaved());
    this.curve = lossCurve(this.$("[data-capstone-plot]"), this.$("[data-capstone-rows]"), () => this.config.runs[this.preset].losses);
    this.showSaved();
  }

  get preset() {
    return this.radios.find((radio) => radio.checked)?.value ?? "quick";
  }

  get steps() {
    return this.config.runs[this.preset].steps;
  }

  async showSaved() {
    const saved = await loadRun(this.preset);
    this.showLosses(saved?.losses ?? []);
    this.rate.textContent = "";
    if (!saved) {
      this.say("Choose a run length and press Train.");
    } else if (saved.step < saved.steps) {
      this.say(`A saved run stopped at step ${saved.step} of ${saved.steps}: press Resume to go on from there, or Train to start again.`);
    } else {
      this.say(`Your ${saved.steps}-step run is trained: its last loss was ${fixed(saved.losses.at(-1))}. Train starts it again.`);
    }
    this.setButtons(saved);
  }

  setButtons(saved) {
    this.buttons.train.disabled = this.running;
    this.buttons.pause.disabled = !this.running;
    this.buttons.resume.disabled = this.running || !saved || saved.step >= saved.steps;
    for (const radio of this.radios) radio.disabled = this.running;
  }

  async resume() {
    const saved = await loadRun(this.preset);
    if (saved) this.start(saved);
  }

  async pause() {
    this.buttons.pause.disabled = true;
    this.say("Pausing after this step…");
    await getPython().stop();
  }

  async start(state) {
    if (this.running) return;
    const python = await readyPython((text) => this.say(text));
    if (!python) return;
    const preset = this.preset;
    this.running = true;
    this.setButtons(state);
    this.showLosses(state?.losses ?? []);
    this.clock = { step: this.losses.length, at: performance.now() };
    this.say(state ? `Resuming at step ${state.step}…` : "Starting a fresh Python for your model…");
    let result;
    try {
      result = await python.capstoneTrain(passedParts(this.config.pieces), this.steps, state, {
        onStart: () => (this.clock = { step: this.losses.length, at: performance.now() }),
        onUpdate: (update) => this.heard(preset, update),
      });
    } catch (error) {
      result = { status: "error", summary: `Training stopped: ${error.message}` };
    }
    this.running = false;
    await this.finish(preset, result);
  }

  heard(preset, update) {
    if (update.checkpoint) {
      saveRun(preset, update.checkpoint);
      return;
    }
    this.losses[update.step - 1] = update.loss;
    this.curve.append(update.step, update.loss);
    this.schedule();
  }

  async finish(preset, result) {
    if (result.state) await saveRun(preset, result.state);
    const saved = await loadRun(preset);
    this.showLosses(saved?.losses ?? this.losses);
    this.setButtons(saved);
    if (result.status === "stopped") {
      // Python heard Pause but its reply was cut short (or it had to be restarted): the run
      // goes on from what was saved last, the paused step itself when Python could send it.
      const restarted = result.stoppedBy === "interrupt" ? "" : " (this page could not interrupt Python, so it was restarted)";
      this.say(`Paused after step ${saved?.step ?? 0} of ${this.steps}${restarted}: Resume goes on from there.`);
    } else {
      this.say(result.summary);
    }
  }

  // A run's losses so far (a saved one's, or none), on the curve from scratch.
  showLosses(losses) {
    this.losses = losses.slice();
    this.curve.reset(this.losses.map((loss, i) => [i + 1, loss]), { xMax: this.steps });
    this.schedule();
  }

  schedule() {
    this.frame ||= requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render() {
    const step = this.losses.length;
    const steps = this.steps;
    this.progress.setAttribute("aria-valuemax", String(steps));
    this.progress.setAttribute("aria-valuenow", String(step));
    this.progress.setAttribute("aria-valuetext", `step ${step} of ${steps}`);
    this.fill.style.width = `${(100 * step) / steps}%`;
    if (!this.running) return;
    const seconds = (performance.now() - this.clock.at) / 1000;
    const perSecond = (step - this.clock.step) / seconds;
    if (perSecond > 0 && Number.isFinite(perSecond)) {
      this.rate.textContent = `${perSecond.toFixed(1)} steps per second, about ${Math.ceil((steps - step) / perSecond)} s left`;
    }
    if (step && (step % STATUS_EVERY === 0 || step === steps) && step !== this.said) {
      this.said = step;
      this.say(`Step ${step} of ${steps}: loss ${fixed(this.losses[step - 1])}, ${fixed(movingAverage(this.losses).at(-1))} averaged over the last steps.`);
    }
  }
}

class Sample extends Part {
  constructor(section) {
    super(section);
    this.button = this.$('[data-capstone-action="sample"]');
    this.slider = this.$("[data-capstone-temperature]");
    this.shown = this.$("[data-capstone-temperature-value]");
    this.seed = 0;
    this.slider.addEventListener("input", () => (this.shown.textContent = this.slider.value));
    this.button.addEventListener("click", () => this.sample());
  }

  async sample() {
    const state = await bestRun();
    if (!state) return this.say("There is no trained run yet: train your model in the lesson before this one, then come back.");
    const python = await readyPython((text) => this.say(text));
    if (!python) return;
    this.button.disabled = true;
    this.seed += 1;
    this.say(`Sampling from your run of ${state.step} steps at temperature ${this.slider.value}…`);
    try {
      const result = await python.capstoneSample(state, this.slider.value, this.seed, this.$("[data-capstone-name]").value);
      if (result.status !== "ok") return this.say(result.summary);
      this.showHeads(result.heads, state.step);
      this.showNames(this.$("[data-capstone-yours]"), result.names);
      this.showNames(this.$("[data-capstone-course]"), result.course_names);
      this.$("[data-capstone-samples]").hidden = false;
      this.showLadder(result.held_out, state.step);
      const share = (value) => `${Math.round(100 * value)}%`;
      this.say(`${share(result.new_share)} of your names are new (not in the data); the course's model: ${share(result.course_new_share)}. Your held-out loss: ${fixed(result.held_out)}.`);
      this.button.textContent = "Sample again";
    } catch (error) {
      this.say(`Sampling failed: ${error.message}`);
    } finally {
      this.button.disabled = false;
    }
  }

  // Both models reading the same name, head by head: what training taught each of them to look at.
  showHeads(heads, steps) {
    const box = this.$("[data-capstone-heads]");
    const note = this.$("[data-capstone-heads-note]");
    box.hidden = false;
    if (heads.problem) {
      note.textContent = heads.problem;
      this.heads?.element.remove();
      this.heads = null;
      return;
    }
    note.textContent = `How each head of your model (${steps} steps) and of the course's reads “${heads.name}”. The same colour is the same number on both sides.`;
    if (!this.heads) {
      this.heads = new HeadsSideBySide({ left: "your model", right: "the course's model" });
      box.append(this.heads.element);
    }
    this.heads.show({ name: heads.name, left: heads.yours, right: heads.course });
  }

  showNames(list, names) {
    list.replaceChildren(
      ...names.map(({ name, new: isNew }) => {
        const item = document.createElement("li");
        item.textContent = name || "(empty)";
        if (isNew) {
          const mark = document.createElement("span");
          mark.className = "capstone-new";
          mark.textContent = " new";
          item.append(mark);
        }
        return item;
      }),
    );
  }

  showLadder(yours, steps) {
    const { uniform, counting, course } = this.config.ladder;
    const rungs = [
      ["guessing uniformly", uniform],
      ["the counting model", counting],
      ["the course's microgpt", course],
      [`yours (${steps} steps)`, yours],
    ].sort((a, b) => b[1] - a[1]);
    this.$("[data-capstone-rungs]").replaceChildren(
      ...rungs.map(([label, loss]) => {
        const row = document.createElement("tr");
        row.classList.toggle("capstone-yours", label.startsWith("yours"));
        const name = document.createElement("th");
        name.scope = "row";
        name.textContent = label;
        const value = document.createElement("td");
        value.textContent = fixed(loss);
        const bar = document.createElement("td");
        const fill = document.createElement("span");
        fill.className = "table-bar";
        fill.style.setProperty("--length", String(Math.max(0, Math.min(1, loss / uniform))));
        bar.append(fill);
        row.append(name, value, bar);
        return row;
      }),
    );
    this.$("[data-capstone-ladder]").hidden = false;
  }
}

const PARTS = { assemble: Assemble, train: Train, sample: Sample };
for (const section of document.querySelectorAll("[data-capstone]")) new PARTS[section.dataset.capstone](section);

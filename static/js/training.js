// Entry point for a live training run (training.html): Train takes the code in the lesson's
// lab editor, runs its train_step in a fresh page Python (python-client.js `train`, which
// ends that Python afterwards like every run of learner code) until the loss reaches the
// target or the steps run out, and draws the loss of each step as its reply arrives, on the
// site's live chart (chart-plot.js). Stop ends the run; the curve so far stays.

import { getPython } from "./python-client.js";
import { LiveChart } from "./chart-plot.js";

function loss(value) {
  return Number(value).toFixed(4);
}

class Training {
  constructor(section) {
    this.section = section;
    this.config = JSON.parse(section.querySelector("[data-training-config]").textContent);
    this.trainButton = section.querySelector('[data-training-action="train"]');
    this.stopButton = section.querySelector('[data-training-action="stop"]');
    this.progress = section.querySelector("[data-training-progress]");
    this.fill = section.querySelector("[data-training-fill]");
    this.status = section.querySelector("[data-training-status]");
    this.losses = [];
    this.running = false;
    this.trainButton.addEventListener("click", () => this.train());
    this.stopButton.addEventListener("click", () => this.stop());
    this.curve = this.chart(section.querySelector("[data-training-plot]"), section.querySelector("[data-training-rows]"));
  }

  // The loss so far as a line, from the first loss down to below the counting model's loss
  // (the dashed rule it should approach, with room for the rule's label under it); a loss
  // that runs away stretches the axis up to twice the first.
  chart(plot, rows) {
    const { steps, target, start } = this.config;
    return new LiveChart(plot, {
      xLabel: "step",
      yLabel: "loss",
      xMax: steps,
      yRange: (points) => {
        const values = points.map(([, value]) => value).filter(Number.isFinite);
        const high = Math.max(start, ...values.map((value) => Math.min(value, 2 * start)));
        const low = Math.min(target, ...values);
        return [low - 0.15 * (high - low), high];
      },
      lines: [{ className: "chart-line", of: (points) => points.filter(([, value]) => Number.isFinite(value)) }],
      rules: [{ y: target, label: "counting model" }],
      describe: () => this.description(),
      // The table under the curve keeps one loss in this many steps (the build picks it), and the status says one.
      table: { rows, every: this.config.tableEvery, keep: ([, value]) => value <= target, cells: ([step, value]) => [String(step), loss(value)] },
    });
  }

  // The code in the lab's editor (lab.js leaves its editor on the section as `labEditor`).
  code() {
    const lab = document.querySelector(`section[data-lab-id="${CSS.escape(this.config.labId)}"]`);
    return lab?.labEditor?.getCode() ?? null;
  }

  async train() {
    if (this.running) return;
    const python = getPython();
    const code = this.code();
    if (code === null) return this.say("The lab is not ready yet: wait for its editor to appear, then press Train again.");
    if (python.state === "running") return this.say("The lab is running code: wait for it to finish (or stop it), then press Train.");
    if (python.state === "error") python.retry();
    if (python.state !== "ready") return this.say("Python is still loading: press Train again once the lab says it is ready.");
    this.losses = [];
    this.curve.reset();
    this.progress.setAttribute("aria-valuemax", String(this.config.steps)); // a run that reached the target set it lower
    this.setRunning(true);
    this.say("Starting a fresh Python for your code…");
    let result;
    try {
      result = await python.train(this.config.labId, code, this.config, {
        onStart: () => this.say("Training…"),
        onUpdate: (update) => this.stepDone(update),
      });
    } catch (error) {
      result = { status: "error", summary: `Training could not run: ${error.message}.` };
    }
    this.setRunning(false);
    this.finished(result);
  }

  async stop() {
    if (!this.running) return;
    this.stopButton.disabled = true;
    await getPython().stop();
  }

  setRunning(running) {
    this.running = running;
    this.section.dataset.state = running ? "running" : "idle";
    this.trainButton.disabled = running;
    this.stopButton.disabled = !running;
  }

  say(text) {
    this.status.textContent = text;
  }

  stepDone({ step, steps, loss: value }) {
    this.losses[step] = value;
    this.progress.setAttribute("aria-valuenow", String(step));
    this.fill.style.width = `${(100 * step) / steps}%`;
    this.curve.append(step, value);
    if (step % this.config.tableEvery === 0 || step === steps || value <= this.config.target) {
      this.say(`Step ${step} of at most ${steps}: loss ${loss(value)}.`);
    }
  }

  finished(result) {
    const done = this.losses.filter(Number.isFinite);
    const last = done.at(-1);
    const target = `the counting model's is ${loss(this.config.target)}`;
    if (result?.status === "ok" && Number.isInteger(result.reached)) {
      this.progress.setAttribute("aria-valuemax", String(result.reached));
      this.fill.style.width = "100%";
      this.say(`Reached the counting model's loss at step ${result.reached}: your table's loss is ${loss(last)}, and ${target}. Your train_step brought it down from ${loss(done[0])}.`);
    } else if (result?.status === "ok") {
      this.say(`${result.summary} That is still above the counting model's loss: ${target}.`);
    } else if (result?.status === "stopped") {
      const at = done.length ? ` The loss had reached ${loss(last)}; ${target}.` : "";
      this.say(`Stopped after ${Math.max(done.length - 1, 0)} of ${this.config.steps} steps.${at}`);
    } else {
      const error = result?.error?.text ? ` ${result.error.text.trim().split("\n").at(-1)}` : "";
      this.say(`${result?.summary ?? "Training did not finish."}${error}`);
    }
    this.curve.draw();
  }

  description() {
    const done = this.losses.filter(Number.isFinite);
    const target = `the dashed line is the counting model's loss, ${loss(this.config.target)}`;
    if (!done.length) return `Loss curve, empty until you train; ${target}.`;
    return `Loss curve: ${loss(done[0])} at step 0, ${loss(done.at(-1))} at step ${done.length - 1}; ${target}.`;
  }
}

export function startTraining(root = document) {
  for (const section of root.querySelectorAll("section[data-training]")) {
    if (section.training) continue;
    try {
      section.training = new Training(section);
    } catch (error) {
      console.error(`Training ${section.id} could not start:`, error);
    }
  }
}

startTraining();

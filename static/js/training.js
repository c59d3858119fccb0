// Entry point for a live training run (training.html): Train takes the code in the lesson's
// lab editor, runs its train_step in a fresh page Python (python-client.js `train`, which
// ends that Python afterwards like every run of learner code) until the loss reaches the
// target or the steps run out, and draws the loss of each step as its reply arrives. Stop
// ends the run; the curve so far stays.

import { getPython } from "./python-client.js";

const SVG = "http://www.w3.org/2000/svg";
const PAD = { left: 44, right: 12, top: 12, bottom: 30 };

function svg(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

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
    this.plot = section.querySelector("[data-training-plot]");
    this.rows = section.querySelector("[data-training-rows]");
    this.losses = [];
    this.running = false;
    this.trainButton.addEventListener("click", () => this.train());
    this.stopButton.addEventListener("click", () => this.stop());
    new ResizeObserver(() => this.draw()).observe(this.plot);
    this.draw();
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
    this.rows.replaceChildren();
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
    if (step % this.config.tableEvery === 0 || step === steps || value <= this.config.target) this.addRow(step, value);
    this.say(`Step ${step} of at most ${steps}: loss ${loss(value)}.`);
    this.draw();
  }

  addRow(step, value) {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = String(step);
    const cell = document.createElement("td");
    cell.textContent = loss(value);
    row.append(name, cell);
    this.rows.append(row);
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
    this.draw();
  }

  // The loss so far as a line, on a y axis from 0 to a little above the first loss, with the
  // target as a dashed line. Redrawn whole at each step: a hundred points cost nothing.
  draw() {
    const width = this.plot.clientWidth || 320;
    const height = this.plot.clientHeight || 220;
    const { steps, target, start } = this.config;
    const top = Math.ceil(Math.max(start, ...this.losses.filter(Number.isFinite).map((v) => Math.min(v, start * 2))) * 2) / 2;
    const x = (step) => PAD.left + ((width - PAD.left - PAD.right) * step) / steps;
    const y = (value) => PAD.top + (height - PAD.top - PAD.bottom) * (1 - Math.min(value, top) / top);
    const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": this.description() });
    for (let tick = 0; tick <= top + 1e-9; tick += 0.5) {
      chart.append(svg("line", { class: "training-grid", x1: PAD.left, x2: width - PAD.right, y1: y(tick), y2: y(tick) }));
      const label = svg("text", { class: "training-tick", x: PAD.left - 6, y: y(tick) + 4, "text-anchor": "end" });
      label.textContent = tick.toFixed(1);
      chart.append(label);
    }
    for (const step of [0, steps / 2, steps]) {
      const label = svg("text", { class: "training-tick", x: x(step), y: height - PAD.bottom + 16, "text-anchor": "middle" });
      label.textContent = String(step);
      chart.append(label);
    }
    const axis = svg("text", { class: "training-axis-title", x: width - PAD.right, y: height - 2, "text-anchor": "end" });
    axis.textContent = "step";
    chart.append(axis);
    chart.append(svg("line", { class: "training-target", x1: PAD.left, x2: width - PAD.right, y1: y(target), y2: y(target) }));
    const points = this.losses.map((value, step) => (Number.isFinite(value) ? `${x(step).toFixed(1)},${y(value).toFixed(1)}` : null)).filter(Boolean);
    if (points.length) chart.append(svg("polyline", { class: "training-line", points: points.join(" ") }));
    this.plot.replaceChildren(chart);
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

// "Your model on the real names": once the sampling lab is passed, the learner's own
// bigram_counts, row_probs and sample_name (the drafts of the labs before, then this lab's
// code) count all the names in the page's Python and invent new ones. Each press of
// "Sample again" is one request through the lab, so the lab's Stop and time limit hold, and
// it takes a fresh Python like every run of learner code (python-client.js `execute`).
//
// lab.js creates one NamesSampler per lab whose config has `namesView` and owns the running:
// `run(parts, seed)` resolves with the result of {type: "sample"} (labkit/realnames.py).

import { element } from "./dom.js";
import { LockedPanel } from "./locked-panel.js";

const FIRST_SEED = 42; // the seed the sampling lesson shows its names with

export class NamesSampler extends LockedPanel {
  constructor(panel, { labs, progress, run }) {
    super(panel, { run, part: "names" });
    this.labs = labs; // [{id, title, functions}] whose drafts run before this lab's code
    this.progress = progress;
    this.seed = FIRST_SEED;
  }

  build() {
    const from = this.labs.map((lab) => `${lab.functions.map((name) => `${name}()`).join(", ")} from “${lab.title}”`).join(" and ");
    const intro = element(
      "p",
      "lab-model-intro",
      `Your ${from}, and your sample_name() from this lab, run in this page's Python on all the names: they count every pair, turn each row into probabilities and draw ${"new"} names, one letter at a time.`,
    );
    this.button = element("button", "button button-primary button-small", "Sample names");
    this.button.type = "button";
    this.button.addEventListener("click", () => {
      if (this.button.getAttribute("aria-disabled") !== "true") this.sample();
    });
    this.message = element("p", "heatmap-message");
    this.message.setAttribute("aria-live", "polite");
    this.summary = element("p", "lab-model-summary");
    this.summary.setAttribute("aria-live", "polite");
    this.summary.hidden = true;
    this.errorBox = element("pre", "lab-model-error");
    this.errorBox.hidden = true;
    this.list = element("ol", "names-list");
    this.list.setAttribute("aria-label", "Names your model invented");
    this.list.hidden = true;
    this.note = element("p", "names-note");
    this.note.hidden = true;
    this.body.replaceChildren(intro, this.button, this.message, this.summary, this.errorBox, this.list, this.note);
  }

  refreshButton() {
    if (!this.button) return;
    this.button.setAttribute("aria-disabled", String(!(this.canRun && !this.running)));
  }

  // The earlier labs' code, as the learner last left it in each; null (and a message) if one has none.
  parts() {
    const parts = [];
    for (const lab of this.labs) {
      const code = this.progress.draft(lab.id);
      if (!code || !this.progress.isPassed(lab.id)) {
        this.message.textContent = `Pass the lab “${lab.title}” first: its ${lab.functions.join(", ")}() is part of your model.`;
        return null;
      }
      parts.push({ title: `the lab “${lab.title}”`, code });
    }
    return parts;
  }

  async sample() {
    if (this.running) return;
    if (!this.canRun) {
      this.message.textContent = "Python is busy or still loading; try again in a moment.";
      return;
    }
    const parts = this.parts();
    if (!parts) return;
    this.running = true;
    this.refreshButton();
    this.panel.setAttribute("aria-busy", "true");
    this.message.textContent = "Counting every pair of the names with your functions…";
    let result;
    try {
      result = await this.run(parts, this.seed);
    } catch (error) {
      result = { status: "error", summary: error.fatal ? "Python stopped working and is restarting; try again in a moment." : "Something went wrong in the course's code, not in yours.", error: { text: error.message } };
    } finally {
      this.running = false;
      this.panel.removeAttribute("aria-busy");
      this.refreshButton();
    }
    if (result === null) {
      this.message.textContent = "Python is busy with something else; try again in a moment.";
      return;
    }
    this.show(result);
  }

  show(result) {
    this.message.textContent = "";
    this.errorBox.hidden = true;
    this.summary.hidden = false;
    if (result.status !== "ok") {
      this.list.hidden = true;
      this.note.hidden = true;
      const stopped = result.status === "stopped";
      this.summary.dataset.match = stopped ? "" : "false";
      this.summary.textContent = stopped
        ? `Stopped: ${result.timedOut ? "it ran past this lab's time limit." : "you stopped it."}`
        : result.summary || "Your model could not run on the names.";
      const text = result.error?.text || result.error?.message;
      if (text && !stopped) {
        this.errorBox.textContent = text;
        this.errorBox.hidden = false;
      }
      return;
    }
    this.summary.dataset.match = "true";
    this.summary.textContent = `${result.summary} (seed ${result.seed})`;
    this.list.replaceChildren(
      ...result.names.map((name, index) => {
        const item = element("li", "names-item", name || "(an empty name: BOS came first)");
        if (result.known[index]) item.append(element("span", "names-known", " (a real name in the data)"));
        return item;
      }),
    );
    this.list.hidden = false;
    const real = result.known.filter(Boolean).length;
    this.note.textContent = `${real} of these ${result.names.length} ${real === 1 ? "is" : "are"} in the data; the rest are new. Most look name-like for a letter or two and then wander: each letter is picked knowing only the one before it.`;
    this.note.hidden = false;
    this.button.textContent = "Sample again";
    this.seed += 1;
  }
}

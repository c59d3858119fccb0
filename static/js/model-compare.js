// "Your code on the real model": once a lab is passed, the learner's function goes inside the
// trained model in place of its own, and their attention heatmap sits beside the model's.
//
// lab.js creates one ModelCompare per lab that has a model hook (lab.html's data-model-panel)
// and owns the running: `run(name)` sends {type: "compare"} through the lab, so the lab's Stop
// and time limit apply to the learner's code here too.

import { HEADS } from "./course-constants.js";
import { element } from "./dom.js";
import { HeadsSideBySide } from "./heads-side-by-side.js";
import { checkName, formatNumber } from "./heatmap-words.js";
import { LockedPanel } from "./locked-panel.js";

const DEFAULT_NAME = "emma";
// What each block's replacement changes, for the panel's first sentence.
const PLACE_OF_HOOK = {
  attend: "in every attention head",
  multi_head: `as the model's whole attention: all ${HEADS} heads`,
  rmsnorm: "everywhere the model normalises a vector",
  softmax: "in every attention head, where it turns the scores into weights",
  weighted_average: "in every attention head, where it blends the values by their weights",
  dot: "in every dot product of the model: each row of every matrix-vector product, every attention score and blend, and every normalisation",
  linear: "in every matrix-vector product of the model",
  mlp: "as the model's MLP block",
  embed: "for every embedding lookup",
};

export class ModelCompare extends LockedPanel {
  constructor(panel, { hook, run }) {
    super(panel, { run }); // run: (name) -> Promise of the compare result
    this.fn = hook ? `${hook}()` : "function";
    this.place = PLACE_OF_HOOK[hook] ?? "inside the model";
  }

  build() {
    const id = this.panel.id;
    const intro = element(
      "p",
      "lab-model-intro",
      `Your ${this.fn} takes the place of the model's own ${this.place}, inside the trained microgpt. Pick a name, run it, and compare what the model then predicts, and the attention, with the model's own.`,
    );
    const form = element("form", "heatmap-name-form");
    const label = element("label", "heatmap-name-label", "Name");
    label.htmlFor = `${id}-name`;
    this.input = element("input", "heatmap-name-input");
    Object.assign(this.input, { id: `${id}-name`, type: "text", value: DEFAULT_NAME, autocomplete: "off", spellcheck: false });
    this.input.setAttribute("autocapitalize", "none");
    this.input.setAttribute("aria-describedby", `${id}-message`);
    this.button = element("button", "button button-primary button-small", "Run on the model");
    this.button.type = "submit";
    const row = element("span", "heatmap-name-row");
    row.append(this.input, this.button);
    form.append(label, row);
    this.message = element("p", "heatmap-message");
    this.message.id = `${id}-message`;
    this.message.setAttribute("aria-live", "polite");

    this.input.addEventListener("input", () => this.validate());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.compare();
    });

    // Filled in by the first comparison.
    this.summary = element("p", "lab-model-summary");
    this.summary.setAttribute("aria-live", "polite");
    this.summary.hidden = true;
    this.errorBox = element("pre", "lab-model-error");
    this.errorBox.hidden = true;
    this.results = element("div", "lab-model-results");
    this.results.hidden = true;
    this.heads = new HeadsSideBySide({
      left: "the course's model",
      right: `with your ${this.fn}`,
      empty: `Your ${this.fn} hands back the blend, not the scores, so only its weights can be shown. Switch to Weights.`,
      pair: (square) => this.yoursBesideTheModels(square),
    });
    this.nextLetters = element("table", "lab-model-next");
    this.results.append(this.nextLetters, this.heads.element);
    this.body.replaceChildren(intro, form, this.message, this.summary, this.errorBox, this.results);
  }

  // A square's sentence is the course's model's; the learner's number follows it.
  yoursBesideTheModels({ values, sentence }) {
    const [model, yours] = [values.left, values.right];
    const mine = Number.isFinite(yours)
      ? `With your ${this.fn}: ${formatNumber(yours, 4)}${Math.abs(yours - model) <= 1e-9 ? ", the same" : ""}.`
      : `Your ${this.fn} does not show its ${this.heads.view}.`;
    return `${sentence("left")} ${mine}`;
  }

  refreshButton() {
    if (!this.button) return;
    const enabled = this.canRun && !this.running;
    // aria-disabled, as in the lab, so a busy button keeps keyboard focus.
    this.button.setAttribute("aria-disabled", String(!enabled));
  }

  validate() {
    const checked = checkName(this.input.value);
    const bad = Boolean(checked.message);
    this.input.setAttribute("aria-invalid", String(bad));
    this.showMessage(bad ? checked.message : "", bad ? "invalid" : "");
    return checked.name ?? null;
  }

  showMessage(text, kind = "") {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  async compare() {
    const name = this.validate();
    if (!name || this.running) return;
    if (!this.canRun) {
      this.showMessage("Python is busy or still loading; try again in a moment.");
      return;
    }
    this.running = true;
    this.refreshButton();
    this.panel.setAttribute("aria-busy", "true");
    this.showMessage(`Running your ${this.fn} inside the model on “${name}”…`);
    let result;
    try {
      result = await this.run(name);
    } catch (error) {
      result = error.fatal
        ? { status: "error", summary: "Python stopped working and is restarting. Your code is still in the editor; try again in a moment." }
        : { status: "error", summary: "Something went wrong in the course's code, not in yours.", error: { text: error.message } };
    } finally {
      this.running = false;
      this.panel.removeAttribute("aria-busy");
      this.refreshButton();
    }
    if (result === null) {
      this.showMessage("Python is busy with something else; try again in a moment.");
      return;
    }
    this.show(result, name);
  }

  show(result, name) {
    this.showMessage("");
    this.errorBox.hidden = true;
    // Grids from an earlier run would pass for this run's answer: show them only with their own summary.
    this.results.hidden = true;
    if (result.status === "stopped") {
      const why = result?.timedOut ? "it ran past this lab's time limit. Is there a loop that never ends?" : "you stopped it.";
      this.showSummary(null, "Stopped", `The comparison did not finish: ${why}`);
      return;
    }
    if (result.status !== "ok") {
      this.showSummary(false, "Your code could not run inside the model", result.summary || "Something went wrong.");
      const text = result.error?.text || result.error?.message;
      if (text) {
        this.errorBox.textContent = text;
        this.errorBox.hidden = false;
      }
      return;
    }
    this.name = result.name || name;
    const difference = typeof result.max_difference === "number" ? result.max_difference : NaN;
    const verdict = result.match ? "Same as the model" : "Different from the model";
    this.showSummary(Boolean(result.match), verdict, result.summary || "");
    if (Number.isFinite(difference)) this.panel.dataset.maxDifference = String(difference);
    else delete this.panel.dataset.maxDifference;
    this.results.hidden = false;
    this.drawNextLetters(result.next_letters ?? []);
    this.heads.show({ name: this.name, left: result.reference, right: result.learner });
  }

  /** The model's most likely next letters after the name, and the chance the learner's run gives each. */
  drawNextLetters(letters) {
    const percent = (p) => (Number.isFinite(p) ? `${(100 * p).toFixed(1)}%` : "not a number");
    const caption = element("caption", "", `After “${this.name}”, the model's most likely next letters`);
    const head = element("tr");
    for (const text of ["next letter", "the course's model", `with your ${this.fn}`]) {
      const th = element("th", "", text);
      th.scope = "col";
      head.append(th);
    }
    const body = element("tbody");
    for (const { letter, model, learner } of letters) {
      const th = element("th", "", letter);
      th.scope = "row";
      const row = element("tr");
      row.append(th, element("td", "", percent(model)), element("td", "", percent(learner)));
      body.append(row);
    }
    const thead = element("thead");
    thead.append(head);
    this.nextLetters.replaceChildren(caption, thead, body);
    this.nextLetters.hidden = letters.length === 0;
  }

  showSummary(match, verdict, text) {
    this.summary.hidden = false;
    if (match === null) delete this.summary.dataset.match;
    else this.summary.dataset.match = String(match);
    this.summary.replaceChildren(element("span", "lab-model-verdict", `${verdict}.`), text);
    this.panel.dataset.match = match === null ? "" : String(match);
  }
}

// "Your code on the real model" for Module 9's forward pass, name loss, Adam and training step:
// once the lab passes, the learner's function runs on the trained microgpt beside the course's
// own code, and Python's reply (labkit/model_views.py) comes back as a verdict and a small table.
//
// lab.js creates one ModelTable for a lab whose model hook is in TABLE_HOOKS and owns the
// running: `run(name)` sends {type: "compare"} through the lab, so Stop and the time limit hold.

import { element } from "./dom.js";
import { LockedPanel } from "./locked-panel.js";

// Per hook: what the panel says before the first run, the input's label, and its first value.
const TABLE_HOOKS = {
  forward_letter: {
    intro: "Your forward_letter() reads a start token and the letters you type, one at a time, with the trained weights. Its scores after the last letter become the model's next-letter chances, set beside the course's model.",
    label: "Letters so far",
    start: "em",
    blankAllowed: true,
  },
  name_loss: {
    intro: "Your name_loss() gets the trained model's scores for a name you type, and its loss is set beside the course's own document_loss().",
    label: "Name",
    start: "emma",
  },
  adam_step: {
    intro: "The trained model takes three more training steps on a name you type: once with your adam_step() on every weight, once with the course's Adam. Both start from the same weights.",
    label: "Name to train on",
    start: "emma",
  },
  update_all: {
    intro: "The trained model takes three more training steps on a name you type: once with your update_all(), once with the course's Adam. Both start from the same weights.",
    label: "Name to train on",
    start: "emma",
  },
};

export const isTableHook = (hook) => Object.hasOwn(TABLE_HOOKS, hook);

export class ModelTable extends LockedPanel {
  constructor(panel, { hook, run }) {
    super(panel, { run }); // run: (name) -> Promise of the compare result
    this.hook = hook;
    this.words = TABLE_HOOKS[hook];
  }

  build() {
    const id = this.panel.id;
    const form = element("form", "heatmap-name-form");
    const label = element("label", "heatmap-name-label", this.words.label);
    label.htmlFor = `${id}-name`;
    this.input = element("input", "heatmap-name-input");
    Object.assign(this.input, { id: `${id}-name`, type: "text", value: this.words.start, autocomplete: "off", spellcheck: false });
    this.input.setAttribute("autocapitalize", "none");
    this.button = element("button", "button button-primary button-small", "Run on the model");
    this.button.type = "submit";
    const row = element("span", "heatmap-name-row");
    row.append(this.input, this.button);
    form.append(label, row);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (this.button.getAttribute("aria-disabled") !== "true") this.start();
    });
    this.message = element("p", "heatmap-message");
    this.message.setAttribute("aria-live", "polite");
    this.summary = element("p", "lab-model-summary");
    this.summary.setAttribute("aria-live", "polite");
    this.summary.hidden = true;
    this.errorBox = element("pre", "lab-model-error");
    this.errorBox.hidden = true;
    this.table = element("table", "lab-dropin-table");
    this.table.hidden = true;
    const intro = element("p", "lab-model-intro", this.words.intro);
    this.body.replaceChildren(intro, form, this.message, this.summary, this.errorBox, this.table);
  }

  refreshButton() {
    if (!this.button) return;
    // aria-disabled, as in the lab, so a busy button keeps keyboard focus.
    this.button.setAttribute("aria-disabled", String(!(this.canRun && !this.running)));
  }

  async start() {
    if (this.running) return;
    const name = this.input.value.trim().toLowerCase();
    if (!name && !this.words.blankAllowed) {
      this.message.textContent = "Type a name first.";
      return;
    }
    if (!this.canRun) {
      this.message.textContent = "Python is busy or still loading; try again in a moment.";
      return;
    }
    this.running = true;
    this.refreshButton();
    this.panel.setAttribute("aria-busy", "true");
    this.message.textContent = `Running your ${this.hook}() on the model, then the course's own…`;
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
    this.message.textContent = result === null ? "Python is busy with something else; try again in a moment." : "";
    if (result !== null) this.show(result);
  }

  show(result) {
    this.errorBox.hidden = true;
    this.table.hidden = true;
    if (result.status === "stopped") {
      const why = result.timedOut ? "it ran past this lab's time limit. Is there a loop that never ends?" : "you stopped it.";
      this.showSummary(null, "Stopped", `The model did not finish: ${why}`);
      return;
    }
    if (result.status !== "ok") {
      this.showSummary(false, `Your ${this.hook}() could not run on the model`, result.summary || "Something went wrong.");
      const text = result.error?.text || result.error?.message;
      if (text) {
        this.errorBox.textContent = text;
        this.errorBox.hidden = false;
      }
      return;
    }
    this.showSummary(Boolean(result.match), result.match ? "Same as the course's" : "Different from the course's", result.summary);
    this.fillTable(result.table);
  }

  showSummary(match, verdict, text) {
    this.summary.hidden = false;
    if (match === null) delete this.summary.dataset.match;
    else this.summary.dataset.match = String(match);
    this.summary.replaceChildren(element("span", "lab-model-verdict", `${verdict}.`), " ", text);
    this.panel.dataset.match = match === null ? "" : String(match);
  }

  /** Python's table as it is: a caption, column headings, then rows whose first cell heads the row. */
  fillTable({ caption, columns, rows }) {
    const head = element("tr");
    for (const text of columns) {
      const th = element("th", "", text);
      th.scope = "col";
      head.append(th);
    }
    const body = element("tbody");
    for (const [title, ...cells] of rows) {
      const th = element("th", "", title);
      th.scope = "row";
      const row = element("tr");
      row.append(th, ...cells.map((cell) => element("td", "", cell)));
      body.append(row);
    }
    const thead = element("thead");
    thead.append(head);
    this.table.replaceChildren(element("caption", "", caption), thead, body);
    this.table.hidden = false;
  }
}

// "Your Value in the real model": once the backward lab passes, the learner's Value class takes
// the place of the course's inside the trained microgpt. The page runs the loss of one name and
// its backward pass with both classes and says whether the loss and every gradient agree.
//
// lab.js creates one ValueDropIn for a lab whose model hook is "Value" (lab.html's
// data-model-panel) and owns the running: `run()` sends {type: "dropin"} through the lab, so the
// lab's Stop and time limit apply here too, and the request takes a fresh Python like Check.

import { element } from "./dom.js";
import { LockedPanel } from "./locked-panel.js";

export const DROP_IN_HOOK = "Value";

export class ValueDropIn extends LockedPanel {
  constructor(panel, { run }) {
    super(panel, { run }); // run: () -> Promise of the dropin result
  }

  build() {
    const intro = element(
      "p",
      "lab-model-intro",
      "Your Value takes the place of the course's inside the trained microgpt: every weight becomes one of your Values, the model computes the loss of one name, and your backward() finds the gradient of every weight. The course's Value does the same, and the two are compared.",
    );
    this.button = element("button", "button button-primary button-small", "Run on the model");
    this.button.type = "button";
    this.button.addEventListener("click", () => {
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
    this.body.replaceChildren(intro, this.button, this.message, this.summary, this.errorBox, this.table);
  }

  refreshButton() {
    if (!this.button) return;
    // aria-disabled, as in the lab, so a busy button keeps keyboard focus.
    this.button.setAttribute("aria-disabled", String(!(this.canRun && !this.running)));
  }

  async start() {
    if (this.running) return;
    if (!this.canRun) {
      this.message.textContent = "Python is busy or still loading; try again in a moment.";
      return;
    }
    this.running = true;
    this.refreshButton();
    this.panel.setAttribute("aria-busy", "true");
    this.message.textContent = "Running the model with your Value, then with the course's…";
    let result;
    try {
      result = await this.run();
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
      this.showSummary(false, "Your Value could not run inside the model", result.summary || "Something went wrong.");
      const text = result.error?.text || result.error?.message;
      if (text) {
        this.errorBox.textContent = text;
        this.errorBox.hidden = false;
      }
      return;
    }
    this.showSummary(Boolean(result.match), result.match ? "Same as the course's Value" : "Different from the course's Value", result.summary);
    this.fillTable(result);
  }

  showSummary(match, verdict, text) {
    this.summary.hidden = false;
    if (match === null) delete this.summary.dataset.match;
    else this.summary.dataset.match = String(match);
    this.summary.replaceChildren(element("span", "lab-model-verdict", `${verdict}.`), " ", text);
    this.panel.dataset.match = match === null ? "" : String(match);
  }

  fillTable(result) {
    // Nine decimals: as far as "the same" reaches (labkit/dropin.py MATCH_DECIMALS).
    const number = (x) => (typeof x === "number" ? x.toFixed(9) : "not a number");
    const caption = element("caption", "", `The loss of “${result.name}” and its ${result.params.toLocaleString("en")} gradients`);
    const head = element("tr");
    head.append(element("th", "", ""), element("th", "", "Your Value"), element("th", "", "The course's"));
    head.children[1].scope = head.children[2].scope = "col";
    const lossRow = this.row("Loss", number(result.loss.learner), number(result.loss.reference));
    const count = (n) => `${n.toLocaleString("en")} of ${result.params.toLocaleString("en")}`;
    const gradRow = this.row("Gradients that match", count(result.params - result.different), count(result.params));
    this.table.replaceChildren(caption, element("thead"), element("tbody"));
    this.table.tHead.append(head);
    this.table.tBodies[0].append(lossRow, gradRow);
    this.table.hidden = false;
  }

  row(title, yours, course) {
    const row = element("tr");
    const header = element("th", "", title);
    header.scope = "row";
    row.append(header, element("td", "", yours), element("td", "", course));
    return row;
  }
}

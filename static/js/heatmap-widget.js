// The lesson's attention heatmap: what each letter of a name looks at, inside the real
// trained model. One Heatmap per <section data-heatmap> (heatmap.html): example names, a
// box to type any name, the head and view switches, the grid, a readout and the legend.

import { element } from "./dom.js";
import { Legend } from "./heatmap-colours.js";
import { headNumbers, viewControls } from "./heatmap-controls.js";
import { HeatmapGrid } from "./heatmap-grid.js";
import { computeMaps, rowsOf, scaleFor } from "./heatmap-maps.js";
import { VIEWS, cellSentence, checkName, positionLabels } from "./heatmap-words.js";
import { getPython } from "./python-client.js";

const TYPING_DELAY_MS = 250;

export class Heatmap {
  constructor(section) {
    this.section = section;
    const config = JSON.parse(section.querySelector("[data-heatmap-config]").textContent);
    const presets = JSON.parse(section.querySelector("[data-heatmap-presets]").textContent);
    this.id = config.id;
    this.names = config.names.filter((name) => presets[name]);
    this.maps = new Map(Object.entries(presets));
    this.head = headNumbers().includes(config.head) ? config.head : 1;
    this.view = VIEWS[config.view] ? config.view : "weights";
    // Side by side: one grid per head, all drawn at once on one colour scale.
    this.heads = config.side_by_side ? headNumbers() : null;
    this.shown = this.maps.has(config.name) ? config.name : this.names[0];
    this.wanted = this.shown;
    this.typingTimer = null;

    this.build(section.querySelector("[data-heatmap-body]"));
    this.draw();
    this.readout.textContent = this.hint();
  }

  build(body) {
    const names = element("div", "heatmap-names");
    const presets = element("div", "heatmap-presets");
    presets.setAttribute("role", "group");
    presets.setAttribute("aria-label", "Example names");
    presets.append(element("span", "heatmap-presets-label", "Examples:"));
    this.presetButtons = this.names.map((name) => {
      const button = element("button", "button button-small heatmap-preset", name);
      button.type = "button";
      button.addEventListener("click", () => {
        clearTimeout(this.typingTimer);
        this.input.value = name;
        this.input.setAttribute("aria-invalid", "false");
        this.showMessage("");
        this.choose(name);
      });
      presets.append(button);
      return button;
    });

    const form = element("form", "heatmap-name-form");
    const inputId = `${this.id}-name`;
    const messageId = `${this.id}-name-message`;
    const label = element("label", "heatmap-name-label", "Or type any name");
    label.htmlFor = inputId;
    this.input = element("input", "heatmap-name-input");
    Object.assign(this.input, { id: inputId, type: "text", value: this.shown, autocomplete: "off", spellcheck: false });
    this.input.setAttribute("autocapitalize", "none");
    this.input.setAttribute("aria-describedby", messageId);
    const show = element("button", "button button-small", "Show");
    show.type = "submit";
    form.append(label, element("span", "heatmap-name-row"));
    form.lastChild.append(this.input, show);
    this.message = element("p", "heatmap-message");
    this.message.id = messageId;
    this.message.setAttribute("aria-live", "polite");
    names.append(presets, form, this.message);

    // Python loads only once a learner types (a page without a lab does not start it before).
    this.input.addEventListener("input", () => getPython(), { once: true });
    this.input.addEventListener("input", () => this.typed(false));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.typed(true);
    });

    const switches = viewControls({
      head: this.head,
      view: this.view,
      headSwitch: !this.heads,
      onChange: ({ head, view }) => {
        this.head = head;
        this.view = view;
        this.draw();
      },
    });

    this.readout = element("p", "heatmap-readout");
    this.readout.setAttribute("aria-live", "polite");
    this.legend = new Legend();
    if (this.heads) {
      this.grids = this.heads.map((head) => new HeatmapGrid({ onActive: (row, col) => this.describe(row, col, head) }));
      this.grid = this.grids[0];
      const side = element("div", "heatmap-heads");
      side.append(...this.grids.map((grid) => grid.element));
      body.replaceChildren(names, switches, this.readout, side, this.legend.element);
      return;
    }
    this.grid = new HeatmapGrid({ onActive: (row, col) => this.describe(row, col) });
    this.grids = [this.grid];
    body.replaceChildren(names, switches, this.readout, this.grid.element, this.legend.element);
  }

  // ----- Choosing a name -----

  typed(now) {
    clearTimeout(this.typingTimer);
    const checked = checkName(this.input.value);
    this.input.setAttribute("aria-invalid", String(Boolean(checked.message) && !checked.empty));
    if (checked.message) {
      this.showMessage(checked.message, checked.empty ? "" : "invalid");
      return;
    }
    this.showMessage("");
    if (now) this.choose(checked.name);
    else this.typingTimer = setTimeout(() => this.choose(checked.name), TYPING_DELAY_MS);
  }

  async choose(name) {
    this.wanted = name;
    if (!this.maps.has(name) && !(await this.compute(name))) return;
    this.busy(false);
    this.showMessage("");
    this.shown = name;
    this.draw();
  }

  // Asks the page's Python for `name`; true when its maps are here and still wanted.
  async compute(name) {
    const started = performance.now();
    this.busy(true);
    const outcome = await computeMaps(name, {
      say: (text) => this.showMessage(text),
      stillWanted: () => this.wanted === name,
    });
    // Kept even when the learner has moved on: they may come back to this name.
    if (outcome.maps) this.maps.set(name, outcome.maps);
    if (this.wanted !== name) return false;
    if (outcome.problem) {
      this.busy(false);
      this.showMessage(outcome.problem, "error");
      return false;
    }
    this.section.dataset.computeMs = String(Math.round(performance.now() - started));
    return true;
  }

  busy(isBusy) {
    this.section.toggleAttribute("data-busy", isBusy);
    for (const grid of this.grids) grid.element.setAttribute("aria-busy", String(isBusy));
  }

  showMessage(text, kind = "") {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  // ----- Drawing -----

  draw() {
    const maps = this.maps.get(this.shown);
    const heads = this.heads ?? [this.head];
    const rows = heads.map((head) => rowsOf(maps, head, this.view));
    const scale = scaleFor(this.view, ...rows);
    heads.forEach((head, i) => {
      this.grids[i].set({
        tokens: maps.tokens,
        rows: rows[i],
        view: this.view,
        scale,
        caption: `“${this.shown}”, head ${head}: ${VIEWS[this.view].label.toLowerCase()} ${VIEWS[this.view].detail}`,
      });
    });
    const range = this.heads ? ", lowest to highest in all heads" : ", lowest to highest in this head";
    this.legend.update(this.view, scale, this.view === "scores" ? range : "");
    this.section.dataset.name = this.shown;
    for (const button of this.presetButtons) button.setAttribute("aria-pressed", String(button.textContent === this.shown));
    const activeIndex = this.grids.findIndex((grid) => grid.hover ?? (grid.table?.contains(document.activeElement) ? grid.focusCell : null));
    const activeGrid = this.grids[activeIndex];
    const active = activeGrid && (activeGrid.hover ?? activeGrid.focusCell);
    if (active) this.describe(active.row, active.col, heads[activeIndex]);
    else this.readout.textContent = this.hint();
  }

  hint() {
    return "Point at or tap a square, or Tab into the grid and use the arrow keys, to read its number.";
  }

  describe(row, col, head = this.head) {
    if (row === null) {
      this.readout.textContent = this.hint();
      return;
    }
    const maps = this.maps.get(this.shown);
    const rows = rowsOf(maps, head, this.view);
    this.readout.textContent = cellSentence({
      labels: positionLabels(maps.tokens),
      head,
      view: this.view,
      row,
      col,
      value: rows?.[row]?.[col],
    });
  }
}

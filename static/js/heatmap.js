// The attention heatmap: what each letter of a name looks at, inside the real trained model.
//
// Each <section data-heatmap> (heatmap.html) becomes one Heatmap. The preset names' maps are
// embedded in the page, so they show at once; any other name is computed by the page's Python.
// The lab's "Your code on the real model" panel (model-compare.js) reuses the pieces exported
// here: the grid, the legend, the head/view switches and the wording.
//
// A map is {tokens: ["<BOS>", "e", ...], heads: [{scores: rows, weights: rows}, x4]}, where
// row t has t + 1 numbers: what position t gives positions 0..t (the start marker first).

import { getPython } from "./python-client.js";

export const MAX_LETTERS = 15;
const TYPING_DELAY_MS = 250;
const MIN_CELL = 18; // px; smaller than this, the grid scrolls inside its own box
const MAX_CELL = 48;
const NUMBERS_MIN_CELL = 36; // px; narrower cells show colour only (the readout has the number)
const CELL_GAP = 2; // border-spacing, as in site.css
const AXIS = 24; // the header band's width, --axis in site.css

// Viridis sampled at nine points: perceptually even, and still ordered for readers with the
// common colour-vision deficiencies (and in greyscale).
const RAMP = ["#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30", "#fde725"].map(hexToRgb);

const ORDINALS = [
  "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
  "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
];

export const VIEWS = {
  weights: { label: "Weights", detail: "after softmax", legend: "Weight after softmax" },
  scores: { label: "Scores", detail: "before softmax", legend: "Score before softmax" },
};

// ---------- Small helpers ----------

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function hexToRgb(hex) {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
}

export function rampColour(t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  return RAMP[i].map((c, k) => Math.round(c + (RAMP[i + 1][k] - c) * f));
}

function luminance([r, g, b]) {
  const linear = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

// Black or white, whichever contrasts more with the cell: the ramp runs from near-black to
// near-white, so a fixed text colour would vanish at one end.
function textColourOn(rgb) {
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

const CSS_GRADIENT = `linear-gradient(to right, ${RAMP.map((c) => `rgb(${c.join(" ")})`).join(", ")})`;

// A true minus sign: a hyphen is easy to miss in small type.
export function formatNumber(value, digits) {
  const text = Math.abs(value).toFixed(digits);
  return value < 0 && Number(text) !== 0 ? `−${text}` : text;
}

// ---------- Names and wording ----------

/** {name} for a usable name, or {message} saying kindly what to change. */
export function checkName(raw) {
  const name = raw.trim().toLowerCase();
  if (!name) return { message: "Type a name, in the letters a to z.", empty: true };
  const bad = [...name].find((ch) => ch < "a" || ch > "z");
  if (bad === " ") return { message: "Just one name, please, with no spaces." };
  if (bad) return { message: `The model only knows the letters a to z, and “${bad}” is not one of them.` };
  if (name.length > MAX_LETTERS) {
    return { message: `That is ${name.length} letters; the model reads at most ${MAX_LETTERS} after its start marker.` };
  }
  return { name };
}

/** How to refer to each position: visible header, header for screen readers, and in a sentence. */
export function positionLabels(tokens) {
  const letters = tokens.slice(1);
  const seen = {};
  return tokens.map((token, position) => {
    if (position === 0) return { short: "·", header: "start marker", phrase: "the start marker" };
    const count = letters.filter((letter) => letter === token).length;
    seen[token] = (seen[token] ?? 0) + 1;
    if (count > 1) {
      const ordinal = ORDINALS[seen[token] - 1] ?? `number ${seen[token]}`;
      return { short: token, header: `${ordinal} ${token}`, phrase: `the ${ordinal} “${token}”` };
    }
    const final = position === tokens.length - 1;
    return { short: token, header: token, phrase: final ? `the final “${token}”` : `“${token}”` };
  });
}

/** The sentence for one cell: its exact value and what it means. */
export function cellSentence({ labels, head, view, row, col, value }) {
  const at = `At ${labels[row].phrase}, head ${head}`;
  const target = col === row ? "itself" : labels[col].phrase;
  if (col > row) {
    return `${at} cannot look at ${labels[col].phrase}: it comes later, and nothing looks at the future.`;
  }
  if (value === null || value === undefined) return `${at}: no number here.`;
  if (view === "scores") return `${at} scores ${target} ${formatNumber(value, 4)} before softmax.`;
  const alone = row === 0 ? " It has nothing else to look at." : "";
  return `${at} gives ${target} ${formatNumber(value, 4)} of its attention (${Math.round(value * 100)}%).${alone}`;
}

/** The colour scale for one view of one head: weights always 0 to 1, scores their own range. */
export function scaleFor(view, ...rowSets) {
  if (view === "weights") return { min: 0, max: 1 };
  const values = rowSets.filter(Boolean).flat(2).filter(Number.isFinite);
  if (values.length === 0) return { min: 0, max: 1 };
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (max - min < 1e-12) {
    min -= 0.5;
    max += 0.5;
  }
  return { min, max };
}

export function rowsOf(maps, head, view) {
  return maps?.heads?.[head - 1]?.[view] ?? null;
}

// ---------- Head and view switches ----------

let radioGroups = 0;

function radioGroup({ legend, name, options, checked, onChange, className }) {
  const fieldset = element("fieldset", `heatmap-switch ${className ?? ""}`.trim());
  fieldset.append(element("legend", "heatmap-switch-legend", legend));
  const row = element("div", "heatmap-switch-options");
  for (const option of options) {
    const label = element("label", "heatmap-switch-option");
    const input = element("input");
    input.type = "radio";
    input.name = name;
    input.value = option.value;
    input.checked = option.value === checked;
    input.addEventListener("change", () => {
      if (input.checked) onChange(option.value);
    });
    const face = element("span", "heatmap-switch-face");
    if (option.hidden) face.append(element("span", "visually-hidden", option.hidden));
    face.append(option.text);
    if (option.detail) face.append(" ", element("span", "heatmap-switch-detail", option.detail));
    label.append(input, face);
    row.append(label);
  }
  fieldset.append(row);
  return fieldset;
}

/**
 * The "Head" and "Show" radio groups. Native radios give the keyboard behaviour for free:
 * Tab reaches each group, the arrow keys move within it.
 */
export function viewControls({ head, view, onChange }) {
  const group = `heatmap-radios-${++radioGroups}`;
  const state = { head, view };
  const box = element("div", "heatmap-switches");
  box.append(
    radioGroup({
      legend: "Head",
      name: `${group}-head`,
      checked: String(head),
      options: [1, 2, 3, 4].map((n) => ({ value: String(n), hidden: "Head ", text: String(n) })),
      onChange: (value) => {
        state.head = Number(value);
        onChange({ ...state });
      },
    }),
    radioGroup({
      legend: "Show",
      name: `${group}-view`,
      checked: view,
      className: "heatmap-switch-view",
      options: Object.entries(VIEWS).map(([value, { label, detail }]) => ({ value, text: label, detail: `(${detail})` })),
      onChange: (value) => {
        state.view = value;
        onChange({ ...state });
      },
    }),
  );
  return box;
}

// ---------- The legend ----------

export class Legend {
  constructor() {
    this.element = element("div", "heatmap-legend");
    this.label = element("span", "heatmap-legend-label");
    this.low = element("span", "heatmap-legend-end");
    this.high = element("span", "heatmap-legend-end");
    const bar = element("span", "heatmap-legend-bar");
    bar.style.backgroundImage = CSS_GRADIENT;
    const scale = element("span", "heatmap-legend-scale");
    scale.setAttribute("aria-hidden", "true");
    scale.append(this.low, bar, this.high);
    this.spoken = element("span", "visually-hidden");
    const future = element("span", "heatmap-legend-future");
    future.append(element("span", "heatmap-legend-swatch"), "Hatched: later letters. Nothing looks at the future.");
    const start = element("span", "heatmap-legend-start");
    start.append(element("span", "heatmap-legend-dot", "·"), "The start marker, read before the first letter.");
    this.element.append(this.label, scale, this.spoken, future, start);
  }

  update(view, scale, note = "") {
    const digits = view === "weights" ? 0 : 2;
    const low = formatNumber(scale.min, digits);
    const high = formatNumber(scale.max, digits);
    this.label.textContent = `${VIEWS[view].legend}${note}:`;
    this.low.textContent = low;
    this.high.textContent = high;
    this.spoken.textContent = `dark purple for ${low}, through blue and green, to yellow for ${high}.`;
  }
}

// ---------- The grid ----------

/**
 * One map drawn as a table with role="grid": row headers are the letters being read, column
 * headers the letters they may look at, and every cell holds its number as text, so a screen
 * reader reads each one with its headers. One cell at a time is in the Tab order (a roving
 * tabindex); the arrow keys move between cells.
 */
export class HeatmapGrid {
  static HINT = "Rows: the letter being read. Columns: what it may look at.";

  /** `titled`: show the caption above the grid (a comparison shows one title for both). */
  constructor({ onActive, titled = true }) {
    this.titled = titled;
    this.onActive = onActive; // (row, col) | (null): the cell being pointed at or focused
    this.focusCell = null;
    this.hover = null;
    this.data = null;
    this.element = element("div", "heatmap-grid-box");
    this.title = element("div");
    this.scroller = element("div", "heatmap-scroll");
    this.element.append(this.title, this.scroller);
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(this.scroller);
  }

  /** tokens, rows (or null when there is nothing to show), head, view, scale, caption, empty */
  set(data) {
    this.data = data;
    this.render();
  }

  render() {
    const { tokens, rows, view, scale, caption, empty } = this.data;
    const hadFocus = this.scroller.contains(document.activeElement);
    if (!rows) {
      this.table = null;
      this.title.replaceChildren();
      this.scroller.replaceChildren(element("p", "heatmap-empty", empty ?? "Nothing to show."));
      return;
    }
    this.labels = positionLabels(tokens);
    const n = tokens.length;
    const hint = HeatmapGrid.HINT;
    const table = element("table", "heatmap-grid");
    table.setAttribute("role", "grid");
    table.setAttribute("aria-readonly", "true");
    // A table caption is only as wide as the table, which squeezes it on short names; so the
    // caption is for screen readers and the same words are shown above the scrolling box.
    table.append(element("caption", "visually-hidden", `${caption}. ${hint}`));
    if (this.titled) {
      const title = element("p", "heatmap-grid-title");
      title.setAttribute("aria-hidden", "true");
      title.append(element("span", "heatmap-grid-title-main", caption), element("span", "heatmap-grid-title-hint", hint));
      this.title.replaceChildren(title);
    }

    const headRow = element("tr");
    const corner = element("td", "heatmap-corner");
    corner.setAttribute("role", "presentation");
    headRow.append(corner);
    this.labels.forEach((label, col) => headRow.append(this.header(label, "col", col)));
    const thead = element("thead");
    thead.append(headRow);
    const tbody = element("tbody");
    this.cells = [];
    for (let row = 0; row < n; row += 1) {
      const tr = element("tr");
      tr.append(this.header(this.labels[row], "row", row));
      const cellRow = [];
      for (let col = 0; col < n; col += 1) {
        const cell = this.cell(row, col, col <= row ? rows[row]?.[col] : undefined, view, scale);
        cellRow.push(cell);
        tr.append(cell);
      }
      this.cells.push(cellRow);
      tbody.append(tr);
    }
    table.append(thead, tbody);
    table.addEventListener("keydown", (event) => this.key(event));
    table.addEventListener("focusin", (event) => this.focused(event));
    table.addEventListener("pointerover", (event) => this.pointed(event));
    table.addEventListener("pointerleave", () => this.unpointed());
    this.table = table;
    this.scroller.replaceChildren(table);

    // Keep the learner's place when the name, head or view changes under them.
    const last = n - 1;
    const place = this.focusCell ?? { row: last, col: 0 };
    this.focusCell = { row: Math.min(place.row, last), col: Math.min(place.col, last) };
    this.cellAt(this.focusCell).tabIndex = 0;
    if (hadFocus) this.cellAt(this.focusCell).focus();
    if (this.hover) this.hover = { row: Math.min(this.hover.row, last), col: Math.min(this.hover.col, last) };
    this.mark(this.hover ?? (hadFocus ? this.focusCell : null));
    this.fit();
  }

  header(label, scope, index) {
    const th = element("th", `heatmap-axis heatmap-axis-${scope}`);
    th.scope = scope;
    th.dataset.index = String(index);
    const visible = element("span", index === 0 ? "heatmap-axis-start" : "", label.short);
    visible.setAttribute("aria-hidden", "true");
    th.append(visible, element("span", "visually-hidden", label.header));
    return th;
  }

  cell(row, col, value, view, scale) {
    const td = element("td", "heatmap-cell");
    td.setAttribute("role", "gridcell");
    td.tabIndex = -1;
    td.dataset.row = String(row);
    td.dataset.col = String(col);
    if (col > row) {
      td.classList.add("heatmap-cell-future");
      td.append(element("span", "visually-hidden", "future, not looked at"));
      return td;
    }
    if (!Number.isFinite(value)) {
      td.classList.add("heatmap-cell-missing");
      td.append(element("span", "visually-hidden", "no number"));
      return td;
    }
    const rgb = rampColour((value - scale.min) / (scale.max - scale.min));
    td.style.backgroundColor = `rgb(${rgb.join(" ")})`;
    td.style.color = textColourOn(rgb);
    td.dataset.value = String(value);
    td.append(element("span", "heatmap-cell-number", formatNumber(value, 2)));
    return td;
  }

  cellAt({ row, col }) {
    return this.cells[row][col];
  }

  // Cells shrink to fit the box, down to MIN_CELL; then the box scrolls instead of the page.
  fit() {
    if (!this.table) return;
    const n = this.cells.length;
    const width = this.scroller.clientWidth - 4; // the scroller's padding keeps focus rings visible
    if (width <= 0) return;
    const size = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((width - AXIS - CELL_GAP * (n + 2)) / n)));
    this.table.style.setProperty("--cell", `${size}px`);
    this.table.classList.toggle("heatmap-grid-compact", size < NUMBERS_MIN_CELL);
  }

  // ----- Pointing and focus -----

  cellFrom(target) {
    const td = target?.closest?.("td.heatmap-cell");
    if (!td || !this.table?.contains(td)) return null;
    return { row: Number(td.dataset.row), col: Number(td.dataset.col) };
  }

  focused(event) {
    const place = this.cellFrom(event.target);
    if (!place) return;
    this.cellAt(this.focusCell).tabIndex = -1;
    this.focusCell = place;
    this.cellAt(place).tabIndex = 0;
    this.hover = null;
    this.mark(place);
    this.onActive?.(place.row, place.col);
  }

  pointed(event) {
    const place = this.cellFrom(event.target);
    if (!place) return;
    this.hover = place;
    this.mark(place);
    this.onActive?.(place.row, place.col);
  }

  unpointed() {
    this.hover = null;
    const inside = this.table?.contains(document.activeElement);
    this.mark(inside ? this.focusCell : null);
    this.onActive?.(inside ? this.focusCell.row : null, inside ? this.focusCell.col : null);
  }

  /** Outline one cell and its two headers (or none): used for the other grid in a comparison too. */
  mark(place) {
    if (!this.table) return;
    for (const node of this.table.querySelectorAll(".is-active")) node.classList.remove("is-active");
    if (!place || place.row >= this.cells.length) return;
    this.cellAt(place).classList.add("is-active");
    this.table.querySelector(`.heatmap-axis-row[data-index="${place.row}"]`)?.classList.add("is-active");
    this.table.querySelector(`.heatmap-axis-col[data-index="${place.col}"]`)?.classList.add("is-active");
  }

  key(event) {
    const place = this.cellFrom(event.target);
    if (!place) return;
    const last = this.cells.length - 1;
    let { row, col } = place;
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowRight": col = Math.min(last, col + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowDown": row = Math.min(last, row + 1); break;
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "Home": col = 0; if (ctrl) row = 0; break;
      // End stops at the diagonal: the last cell the row's letter can actually see.
      case "End": col = ctrl ? last : row; if (ctrl) row = last; break;
      case "PageUp": row = 0; break;
      case "PageDown": row = last; break;
      default: return;
    }
    event.preventDefault();
    this.cellAt({ row, col }).focus();
  }
}

// ---------- The lesson's heatmap widget ----------

class Heatmap {
  constructor(section) {
    this.section = section;
    const config = JSON.parse(section.querySelector("[data-heatmap-config]").textContent);
    const presets = JSON.parse(section.querySelector("[data-heatmap-presets]").textContent);
    this.id = config.id;
    this.names = config.names.filter((name) => presets[name]);
    this.maps = new Map(Object.entries(presets));
    this.head = [1, 2, 3, 4].includes(config.head) ? config.head : 1;
    this.view = VIEWS[config.view] ? config.view : "weights";
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
      onChange: ({ head, view }) => {
        this.head = head;
        this.view = view;
        this.draw();
      },
    });

    this.readout = element("p", "heatmap-readout");
    this.readout.setAttribute("aria-live", "polite");
    this.grid = new HeatmapGrid({ onActive: (row, col) => this.describe(row, col) });
    this.legend = new Legend();
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
    if (this.maps.has(name)) {
      this.busy(false);
      this.showMessage("");
      this.shown = name;
      this.draw();
      return;
    }
    const python = getPython();
    const started = performance.now();
    this.busy(true);
    if (python.state === "error") python.retry();
    if (python.state === "loading") {
      this.showMessage(`Python is still loading; “${name}” will appear as soon as it is ready.`);
      await python.loaded().catch(() => {}); // a failed load is reported just below
      if (this.wanted !== name) return;
    }
    this.showMessage(`Computing “${name}”…`);
    let result;
    try {
      result = await python.attention(name);
    } catch (error) {
      if (this.wanted === name) {
        this.busy(false);
        this.showMessage(`“${name}” could not be computed: ${error.message}. The example names still work.`, "error");
      }
      return;
    }
    if (result?.status === "ok" && result.maps) this.maps.set(name, result.maps);
    if (this.wanted !== name) return; // the learner has moved on to another name
    this.busy(false);
    if (!this.maps.has(name)) {
      this.showMessage(result?.summary || `“${name}” could not be computed.`, "error");
      return;
    }
    this.section.dataset.computeMs = String(Math.round(performance.now() - started));
    this.showMessage("");
    this.shown = name;
    this.draw();
  }

  busy(isBusy) {
    this.section.toggleAttribute("data-busy", isBusy);
    this.grid.element.setAttribute("aria-busy", String(isBusy));
  }

  showMessage(text, kind = "") {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  // ----- Drawing -----

  draw() {
    const maps = this.maps.get(this.shown);
    const rows = rowsOf(maps, this.head, this.view);
    const scale = scaleFor(this.view, rows);
    this.grid.set({
      tokens: maps.tokens,
      rows,
      view: this.view,
      scale,
      caption: `“${this.shown}”, head ${this.head}: ${VIEWS[this.view].label.toLowerCase()} ${VIEWS[this.view].detail}`,
    });
    this.legend.update(this.view, scale, this.view === "scores" ? ", lowest to highest in this head" : "");
    this.section.dataset.name = this.shown;
    for (const button of this.presetButtons) button.setAttribute("aria-pressed", String(button.textContent === this.shown));
    const active = this.grid.hover ?? (this.grid.table?.contains(document.activeElement) ? this.grid.focusCell : null);
    if (active) this.describe(active.row, active.col);
    else this.readout.textContent = this.hint();
  }

  hint() {
    return "Point at or tap a square, or Tab into the grid and use the arrow keys, to read its number.";
  }

  describe(row, col) {
    if (row === null) {
      this.readout.textContent = this.hint();
      return;
    }
    const maps = this.maps.get(this.shown);
    const rows = rowsOf(maps, this.head, this.view);
    this.readout.textContent = cellSentence({
      labels: positionLabels(maps.tokens),
      head: this.head,
      view: this.view,
      row,
      col,
      value: rows?.[row]?.[col],
    });
  }
}

function start() {
  for (const section of document.querySelectorAll("section[data-heatmap]")) {
    if (section.heatmap) continue;
    try {
      section.heatmap = new Heatmap(section);
    } catch (error) {
      // One broken heatmap must not take the rest of the page with it.
      console.error(`Heatmap ${section.id} could not start:`, error);
    }
  }
}

start();

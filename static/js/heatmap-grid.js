// One attention map drawn as an accessible grid (see HeatmapGrid below).

import { element } from "./dom.js";
import { rampColour, textColourOn } from "./heatmap-colours.js";
import { formatNumber, positionLabels } from "./heatmap-words.js";

const MIN_CELL = 18; // px; smaller than this, the grid scrolls inside its own box
const MAX_CELL = 48;
const NUMBERS_MIN_CELL = 36; // px; narrower cells show colour only (the readout has the number)
const CELL_GAP = 2; // border-spacing, as in site.css
const AXIS = 24; // the header band's width, --axis in site.css

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

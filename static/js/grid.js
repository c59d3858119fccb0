// Grids of computed numbers (grid.html): a matrix painted cell by cell, with row and column
// labels. One cell at a time is in the Tab order (a roving tabindex); the arrow keys, Home,
// End, PageUp and PageDown move between cells, and pointing or focusing a cell shows its
// row, column and number in the readout above the grid (which a screen reader also hears).
// The numbers are the build's own text (grid.py); this module only lays them out and paints.

import { element } from "./dom.js";
import { RAMP_GRADIENT, rampColour, textColourOn } from "./heatmap-colours.js";

const MIN_CELL = 14; // px; smaller than this, the grid scrolls inside its own box
const MAX_CELL = 44;
const NUMBERS_MIN_CELL = 40; // px; narrower cells show colour only (the readout has the number)
const GAP = 1;
const AXIS = 34; // the row labels' column

const SCALES = {
  linear: (value, min, max) => (value - min) / (max - min || 1),
  sqrt: (value, min, max) => Math.sqrt(Math.max(0, value - min)) / Math.sqrt(max - min || 1),
};

class GridView {
  constructor(figure) {
    this.data = JSON.parse(figure.querySelector("[data-grid-data]").textContent);
    this.readout = figure.querySelector("[data-grid-readout]");
    this.hint = this.readout.textContent;
    this.box = figure.querySelector("[data-grid-box]");
    figure.querySelector("[data-grid-legend-bar]").style.backgroundImage = RAMP_GRADIENT;
    this.focusCell = { row: 0, col: 0 };
    this.render();
    new ResizeObserver(() => this.fit()).observe(this.box);
  }

  render() {
    const { values, texts, rows, columns, caption, row_title: rowTitle, column_title: columnTitle, min, max, scale } = this.data;
    const paint = SCALES[scale] ?? SCALES.linear;
    const table = element("table", "grid-cells");
    table.setAttribute("role", "grid");
    table.setAttribute("aria-readonly", "true");
    table.append(element("caption", "visually-hidden", `${caption} Rows: ${rowTitle}. Columns: ${columnTitle}.`));
    const headRow = element("tr");
    const corner = element("td", "grid-corner");
    corner.setAttribute("role", "presentation");
    headRow.append(corner);
    columns.forEach((label, col) => headRow.append(this.header(label, "col", col, `${columnTitle} ${label}`)));
    const thead = element("thead");
    thead.append(headRow);
    const tbody = element("tbody");
    this.cells = values.map((row, r) => {
      const tr = element("tr");
      tr.append(this.header(rows[r], "row", r, `${rowTitle} ${rows[r]}`));
      const cells = row.map((value, c) => {
        const td = element("td", "grid-cell");
        td.setAttribute("role", "gridcell");
        td.tabIndex = -1;
        td.dataset.row = String(r);
        td.dataset.col = String(c);
        td.dataset.value = String(value);
        const rgb = rampColour(paint(value, min, max));
        td.style.backgroundColor = `rgb(${rgb.join(" ")})`;
        td.style.color = textColourOn(rgb);
        td.append(element("span", "grid-cell-number", texts[r][c]));
        tr.append(td);
        return td;
      });
      tbody.append(tr);
      return cells;
    });
    table.append(thead, tbody);
    this.cellAt(this.focusCell).tabIndex = 0;
    table.addEventListener("keydown", (event) => this.key(event));
    table.addEventListener("focusin", (event) => this.focused(event));
    table.addEventListener("pointerover", (event) => this.pointed(event));
    table.addEventListener("pointerleave", () => this.unpointed());
    this.table = table;
    const scroller = element("div", "grid-scroll");
    scroller.append(table);
    this.scroller = scroller;
    this.box.replaceChildren(scroller);
    this.fit();
  }

  header(label, scope, index, spoken) {
    const th = element("th", `grid-axis grid-axis-${scope}${label.length > 2 ? " grid-axis-long" : ""}`);
    th.scope = scope;
    th.dataset.index = String(index);
    const visible = element("span", "", label);
    visible.setAttribute("aria-hidden", "true");
    th.append(visible, element("span", "visually-hidden", spoken));
    return th;
  }

  cellAt({ row, col }) {
    return this.cells[row][col];
  }

  // Cells shrink to fit the box, down to MIN_CELL; then the box scrolls instead of the page.
  fit() {
    const columns = this.data.columns.length;
    const width = this.box.clientWidth - 6;
    if (width <= 0) return;
    const size = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((width - AXIS - GAP * (columns + 2)) / columns)));
    this.table.style.setProperty("--cell", `${size}px`);
    this.table.classList.toggle("grid-compact", size < NUMBERS_MIN_CELL);
  }

  place(target) {
    const td = target?.closest?.("td.grid-cell");
    if (!td || !this.table.contains(td)) return null;
    return { row: Number(td.dataset.row), col: Number(td.dataset.col) };
  }

  sentence({ row, col }) {
    const { rows, columns, texts, row_title: rowTitle, column_title: columnTitle } = this.data;
    return `${rowTitle} ${rows[row]}, ${columnTitle} ${columns[col]}: ${texts[row][col]}.`;
  }

  show(place) {
    for (const node of this.table.querySelectorAll(".is-active")) node.classList.remove("is-active");
    if (!place) {
      this.readout.textContent = this.hint;
      return;
    }
    this.cellAt(place).classList.add("is-active");
    this.table.querySelector(`.grid-axis-row[data-index="${place.row}"]`).classList.add("is-active");
    this.table.querySelector(`.grid-axis-col[data-index="${place.col}"]`).classList.add("is-active");
    this.readout.textContent = this.sentence(place);
  }

  focused(event) {
    const place = this.place(event.target);
    if (!place) return;
    this.cellAt(this.focusCell).tabIndex = -1;
    this.focusCell = place;
    this.cellAt(place).tabIndex = 0;
    this.show(place);
  }

  pointed(event) {
    const place = this.place(event.target);
    if (place) this.show(place);
  }

  unpointed() {
    this.show(this.table.contains(document.activeElement) ? this.focusCell : null);
  }

  key(event) {
    const place = this.place(event.target);
    if (!place) return;
    const lastRow = this.cells.length - 1;
    const lastCol = this.cells[0].length - 1;
    let { row, col } = place;
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowRight": col = Math.min(lastCol, col + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowDown": row = Math.min(lastRow, row + 1); break;
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "Home": col = 0; if (ctrl) row = 0; break;
      case "End": col = lastCol; if (ctrl) row = lastRow; break;
      case "PageUp": row = 0; break;
      case "PageDown": row = lastRow; break;
      default: return;
    }
    event.preventDefault();
    this.cellAt({ row, col }).focus();
  }
}

export function startGrids(root = document) {
  for (const figure of root.querySelectorAll("figure[data-grid]")) {
    if (figure.gridView) continue;
    figure.gridView = new GridView(figure);
  }
}

startGrids();

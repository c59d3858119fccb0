// Two models' attention maps for one name, head by head, side by side on one colour scale:
// the capstone sets the learner's trained microgpt beside the course's, and a lab's "Run on
// the model" sets the model with the learner's function beside the model's own. A head and a
// view switch, two grids, one legend, and a readout that gives both numbers of the square in
// focus.

import { element } from "./dom.js";
import { Legend } from "./heatmap-colours.js";
import { viewControls } from "./heatmap-controls.js";
import { HeatmapGrid } from "./heatmap-grid.js";
import { rowsOf, scaleFor } from "./heatmap-maps.js";
import { VIEWS, cellSentence, formatNumber, positionLabels } from "./heatmap-words.js";

const HINT = "Point at or tap a square, or Tab into a grid and use the arrow keys: you see both numbers.";

export class HeadsSideBySide {
  /**
   * `left` and `right`: what each model is called ("your model", "the course's model").
   * `empty`: what the right grid says when its model shows nothing in the chosen view.
   * `pair({ which, values, sentence })`: the readout for a square both grids have, from the
   * sentence describing it in either grid and its number in each; by default, both numbers.
   */
  constructor({ left, right, empty, pair = null }) {
    this.names = { left, right };
    this.empty = empty;
    this.pair = pair ?? ((square) => this.bothNumbers(square));
    this.head = 1;
    this.view = "weights";
    this.maps = null;
    this.readout = element("p", "heatmap-readout", HINT);
    this.readout.setAttribute("aria-live", "polite");
    const onActive = (which) => (row, col) => this.describe(which, row, col);
    this.grids = {
      left: new HeatmapGrid({ onActive: onActive("left"), titled: false }),
      right: new HeatmapGrid({ onActive: onActive("right"), titled: false }),
    };
    this.title = element("p", "heatmap-grid-title");
    this.title.setAttribute("aria-hidden", "true");
    const figures = element("div", "lab-model-grids");
    for (const side of ["left", "right"]) {
      const figure = element("figure", "lab-model-figure");
      figure.append(element("figcaption", "lab-model-figure-title", capitalised(this.names[side])), this.grids[side].element);
      figures.append(figure);
    }
    this.legend = new Legend();
    const switches = viewControls({
      head: this.head,
      view: this.view,
      onChange: ({ head, view }) => {
        this.head = head;
        this.view = view;
        this.draw();
      },
    });
    this.element = element("div", "heads-side-by-side");
    this.element.append(switches, this.readout, this.title, figures, this.legend.element);
  }

  /** `maps`: {name, left, right}, each side {tokens, heads: [{scores, weights}, ...]}. */
  show(maps) {
    this.maps = maps;
    this.draw();
  }

  draw() {
    const { name, left, right } = this.maps;
    const leftRows = rowsOf(left, this.head, this.view);
    const rightRows = rowsOf(right, this.head, this.view);
    const scale = scaleFor(this.view, leftRows, rightRows); // the same colour is the same number on both sides
    const title = `“${name}”, head ${this.head}: ${VIEWS[this.view].label.toLowerCase()} ${VIEWS[this.view].detail}`;
    this.title.replaceChildren(
      element("span", "heatmap-grid-title-main", title),
      element("span", "heatmap-grid-title-hint", HeatmapGrid.HINT),
    );
    this.grids.left.set({ tokens: left.tokens, rows: leftRows, view: this.view, scale, caption: `${title}, ${this.names.left}` });
    this.grids.right.set({ tokens: right.tokens, rows: rightRows, view: this.view, scale, caption: `${title}, ${this.names.right}`, empty: this.empty });
    this.legend.update(this.view, scale, this.view === "scores" ? ", lowest to highest in this head" : "");
    this.readout.textContent = HINT;
  }

  describe(which, row, col) {
    const other = which === "left" ? "right" : "left";
    this.grids[other].mark(row === null ? null : { row, col });
    if (row === null) {
      this.readout.textContent = HINT;
      return;
    }
    const valueIn = (side) => rowsOf(this.maps[side], this.head, this.view)?.[row]?.[col];
    const values = { left: valueIn("left"), right: valueIn("right") };
    const sentence = (side) =>
      cellSentence({ labels: positionLabels(this.maps[side].tokens), head: this.head, view: this.view, row, col, value: values[side] });
    // Above the diagonal a letter cannot look ahead: the sentence says so, with no number.
    this.readout.textContent = col > row ? sentence(which) : this.pair({ which, values, sentence });
  }

  bothNumbers({ which, values, sentence }) {
    const other = which === "left" ? "right" : "left";
    return `${capitalised(this.names[which])}: ${sentence(which)} ${capitalised(this.names[other])}: ${formatNumber(values[other], 4)}.`;
  }
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

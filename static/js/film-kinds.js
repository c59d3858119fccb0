// The film's item kinds, one entry each in KINDS. A kind knows three things: the size an
// item takes at a given stage width (`size`), the part of it that animates between scenes
// (`state`), and how to draw one frame of it (`draw`). A kind whose numbers share one scale
// across the whole film names the range that scale starts from (`sharedScaleFrom`).
// To add a kind, add an entry here; site_builder/films.py must know its name and fields too.

import { SMALL, clamp, formatNumber, last, svg, svgText } from "./film-svg.js";

// Sizes, in SVG units.
const LABEL_H = 24;
const CELL_H = 34;
const BAR_H = 110;
const SLOT_W = 50;
const SLOT_GAP = 8;
const CACHE_BAR_H = 64;

function labelHeight(item) {
  return item.label ? LABEL_H : 0;
}

function drawLabel(group, view) {
  if (view.item.label) svgText(group, view.item.label, view.w / 2, 15, "film-label", { "text-anchor": "middle" });
}

function cellWidth(measure, values, digits, minimum = 42) {
  const texts = values.map((value) => formatNumber(value, digits));
  return Math.max(minimum, Math.ceil(measure.widest([...texts, formatNumber(-1, digits)]) + 18));
}

function tint(group, x, y, w, h, value, scale) {
  if (!scale || !value) return;
  const strength = clamp(Math.abs(value) / scale);
  svg("rect", {
    x, y, width: w, height: h,
    class: value > 0 ? "film-tint-positive" : "film-tint-negative",
    "fill-opacity": (0.06 + 0.3 * strength).toFixed(3),
  }, group);
}

function numberCell(group, x, y, w, h, value, digits, scale) {
  svg("rect", { x, y, width: w, height: h, class: "film-cell" }, group);
  tint(group, x + 1, y + 1, w - 2, h - 2, value, scale);
  svgText(group, formatNumber(value, digits), x + w / 2, y + h / 2 + 5, "film-number", { "text-anchor": "middle" });
}

function futureCell(group, x, y, w, h) {
  svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 3, class: "film-future" }, group);
}

const maxAbs = (values) => Math.max(0, ...values.map(Math.abs));

const VECTOR = {
  size(item, width, measure) {
    const digits = item.digits ?? 2;
    const cell = cellWidth(measure, item.values, digits);
    const perLine = Math.max(1, Math.min(item.values.length, Math.floor(width / cell)));
    const lines = Math.ceil(item.values.length / perLine);
    const labelsH = item.labels ? 20 : 0;
    const labelW = item.label ? measure.text(item.label, SMALL, 600) + 8 : 0;
    return {
      w: Math.max(perLine * cell, labelW),
      h: labelHeight(item) + lines * (CELL_H + labelsH) + (lines - 1) * 6,
      geometry: { cell, perLine, labelsH },
    };
  },
  state: (item) => ({ values: item.values }),
  draw(group, view) {
    const { cell, perLine, labelsH } = view.geometry;
    const digits = view.item.digits ?? 2;
    const scale = maxAbs(view.item.values);
    const left = (view.w - Math.min(perLine, view.values.length) * cell) / 2;
    drawLabel(group, view);
    view.values.forEach((value, i) => {
      const x = left + (i % perLine) * cell;
      const y = labelHeight(view.item) + Math.floor(i / perLine) * (CELL_H + labelsH + 6);
      numberCell(group, x, y, cell, CELL_H, value, digits, scale);
      const label = view.item.labels?.[i];
      if (label !== undefined) svgText(group, String(label), x + cell / 2, y + CELL_H + 15, "film-small", { "text-anchor": "middle" });
    });
  },
};

const MATRIX = {
  size(item, width, measure) {
    const digits = item.digits ?? 2;
    const rowLabels = (item.row_labels || []).map(String);
    const colLabels = (item.col_labels || []).map(String);
    const rows = Math.max(item.values.length, rowLabels.length);
    const cols = Math.max(colLabels.length, ...item.values.map((row) => row.length));
    const labelW = rowLabels.length ? Math.ceil(measure.widest(rowLabels, SMALL)) + 12 : 0;
    let cell = cellWidth(measure, item.values.flat(), digits, 40);
    cell = Math.max(cell, Math.ceil(measure.widest(colLabels, SMALL)) + 8);
    cell = Math.min(cell, Math.max(34, Math.floor((width - labelW) / Math.max(1, cols))));
    const headH = colLabels.length ? 20 : 0;
    const rowH = 30;
    const titleW = item.label ? measure.text(item.label, SMALL, 600) + 8 : 0;
    return {
      w: Math.max(labelW + cols * cell, titleW),
      h: labelHeight(item) + headH + rows * rowH,
      geometry: { cell, labelW, headH, rowH, rows, cols, rowLabels, colLabels },
    };
  },
  state: (item) => ({ values: item.values, runs: highlightRuns(item.highlight) }),
  draw(group, view) {
    const { cell, labelW, headH, rowH, rows, cols, rowLabels, colLabels } = view.geometry;
    const digits = view.item.digits ?? 2;
    const scale = maxAbs(view.item.values.flat());
    const left = (view.w - labelW - cols * cell) / 2 + labelW;
    const top = labelHeight(view.item) + headH;
    drawLabel(group, view);
    colLabels.forEach((label, c) => {
      svgText(group, label, left + c * cell + cell / 2, top - 6, "film-small", { "text-anchor": "middle" });
    });
    for (let r = 0; r < rows; r += 1) {
      const y = top + r * rowH;
      const row = view.values[r];
      if (rowLabels[r] !== undefined) {
        const unread = !row;
        svgText(group, rowLabels[r], left - 8, y + rowH / 2 + 5, unread ? "film-small film-muted" : "film-small", { "text-anchor": "end" });
      }
      for (let c = 0; c < cols; c += 1) {
        const x = left + c * cell;
        const present = row && c < row.length && !(view.item.mask_future && c > r);
        if (present) numberCell(group, x, y, cell, rowH, row[c], digits, scale);
        else futureCell(group, x, y, cell, rowH);
      }
    }
    for (const run of view.runs) {
      svg("rect", {
        x: left + run.c * cell - 2, y: top + run.r * rowH - 2,
        width: run.span * cell + 4, height: rowH + 4, rx: 4,
        class: "film-highlight", opacity: run.opacity ?? 1,
      }, group);
    }
  },
};

// Highlighted cells, grouped into runs of neighbours along a row, so a highlighted row is
// one frame (and slides as one) rather than a frame per cell.
function highlightRuns(cells) {
  const sorted = (cells || [])
    .filter((cell) => Array.isArray(cell) && cell.length === 2)
    .map(([r, c]) => ({ r: Number(r), c: Number(c) }))
    .sort((a, b) => a.r - b.r || a.c - b.c);
  const runs = [];
  for (const { r, c } of sorted) {
    const run = last(runs);
    if (run && run.r === r && run.c + run.span === c) run.span += 1;
    else runs.push({ r, c, span: 1 });
  }
  return runs;
}

const BARS = {
  sharedScaleFrom: [0, 0],
  size(item, width, measure) {
    const labels = (item.labels || []).map(String);
    const count = Math.max(item.values.length, labels.length, 1);
    const digits = item.digits ?? 2;
    const widest = Math.max(measure.widest(labels, SMALL), cellWidth(measure, item.values, digits, 0) - 10);
    const bar = clamp(Math.floor((width - (count - 1) * 12) / count), 30, Math.max(56, widest + 6));
    const titleW = item.label ? measure.text(item.label, SMALL, 600) + 8 : 0;
    return {
      w: Math.max(count * bar + (count - 1) * 12, titleW),
      h: labelHeight(item) + 20 + BAR_H + 26,
      geometry: { bar, count, labels },
    };
  },
  state: (item) => ({ values: item.values }),
  draw(group, view) {
    const { bar, count, labels } = view.geometry;
    const digits = view.item.digits ?? 2;
    const [lo, hi] = view.scale;
    const left = (view.w - (count * bar + (count - 1) * 12)) / 2;
    const top = labelHeight(view.item) + 20;
    const zero = top + (hi / (hi - lo || 1)) * BAR_H;
    drawLabel(group, view);
    for (let i = 0; i < count; i += 1) {
      const x = left + i * (bar + 12);
      if (i < view.values.length) {
        const value = view.values[i];
        const height = (Math.abs(value) / (hi - lo || 1)) * BAR_H;
        const y = value >= 0 ? zero - height : zero;
        svg("rect", { x, y, width: bar, height: Math.max(height, 0.5), rx: 3, class: value >= 0 ? "film-bar" : "film-bar film-bar-negative" }, group);
        // A negative bar hangs below the axis; its number sits on the axis, clear of the labels.
        const textY = value >= 0 ? y - 6 : zero - 6;
        svgText(group, formatNumber(value, digits), x + bar / 2, textY, "film-number film-bar-value", { "text-anchor": "middle" });
      } else {
        futureCell(group, x - 3, top - 3, bar + 6, BAR_H + 6);
      }
      if (labels[i] !== undefined) {
        svgText(group, labels[i], x + bar / 2, top + BAR_H + 20, i < view.values.length ? "film-small" : "film-small film-muted", { "text-anchor": "middle" });
      }
    }
    svg("line", { x1: left - 4, x2: left + count * (bar + 12) - 8, y1: zero, y2: zero, class: "film-axis" }, group);
  },
};

// The KV cache: a slot per position; the filled ones hold a key and a value, with the
// current letter's weight on each above it. Slots after the newest one are not read yet.
const CACHE = {
  // Its bars are weights: the scale always reaches 1.
  sharedScaleFrom: [0, 1],
  size(item, width, measure) {
    const labels = (item.labels || []).map(String);
    const count = Math.max(labels.length, item.values.length);
    const slot = Math.max(SLOT_W, Math.ceil(measure.widest(labels, SMALL)) + 10);
    const gap = Math.min(SLOT_GAP, Math.max(2, Math.floor((width - count * slot) / Math.max(1, count - 1))));
    const titleW = item.label ? measure.text(item.label, SMALL, 600) + 8 : 0;
    return {
      w: Math.max(count * slot + (count - 1) * gap, titleW),
      h: labelHeight(item) + 20 + CACHE_BAR_H + 8 + 28 + 4 + 28 + 22 + 18,
      geometry: { slot, gap, count, labels },
    };
  },
  state: (item) => ({ values: item.values, filled: item.values.length }),
  draw(group, view) {
    const { slot, gap, count, labels } = view.geometry;
    const digits = view.item.digits ?? 2;
    const [, hi] = view.scale;
    const left = (view.w - (count * slot + (count - 1) * gap)) / 2;
    const barTop = labelHeight(view.item) + 20;
    const cardTop = barTop + CACHE_BAR_H + 8;
    const newest = view.item.values.length - 1;
    drawLabel(group, view);
    for (let i = 0; i < count; i += 1) {
      const x = left + i * (slot + gap);
      const presence = clamp(view.filled - i);
      const labelY = cardTop + 28 + 4 + 28 + 16;
      if (presence > 0) {
        const slotGroup = svg("g", { opacity: presence.toFixed(3) }, group);
        const value = view.values[i] ?? 0;
        const height = (clamp(value / (hi || 1))) * CACHE_BAR_H;
        svg("rect", { x: x + 8, y: barTop + CACHE_BAR_H - height, width: slot - 16, height: Math.max(height, 0.5), rx: 3, class: "film-bar" }, slotGroup);
        svgText(slotGroup, formatNumber(value, digits), x + slot / 2, barTop + CACHE_BAR_H - height - 6, "film-number film-bar-value", { "text-anchor": "middle" });
        const current = i === newest ? " film-card-current" : "";
        svg("rect", { x, y: cardTop, width: slot, height: 28, rx: 4, class: `film-card film-card-key${current}` }, slotGroup);
        svgText(slotGroup, `k${subscript(i)}`, x + slot / 2, cardTop + 19, "film-card-text", { "text-anchor": "middle" });
        svg("rect", { x, y: cardTop + 32, width: slot, height: 28, rx: 4, class: `film-card film-card-value${current}` }, slotGroup);
        svgText(slotGroup, `v${subscript(i)}`, x + slot / 2, cardTop + 32 + 19, "film-card-text", { "text-anchor": "middle" });
      }
      if (presence < 1) {
        const emptyGroup = svg("g", { opacity: (1 - presence).toFixed(3) }, group);
        futureCell(emptyGroup, x - 3, cardTop - 3, slot + 6, 66);
      }
      if (labels[i] !== undefined) {
        const className = i === newest ? "film-small film-strong" : i > newest ? "film-small film-muted" : "film-small";
        svgText(group, labels[i], x + slot / 2, labelY, className, { "text-anchor": "middle" });
      }
    }
    if (newest + 1 < count) {
      const x0 = left + (newest + 1) * (slot + gap);
      const x1 = left + count * (slot + gap) - gap;
      svgText(group, "not read yet", (x0 + x1) / 2, cardTop + 28 + 4 + 28 + 36, "film-small film-muted", { "text-anchor": "middle" });
    }
  },
};

// A strip of tokens: each character in a card, its token number under it. `highlight`
// frames cells (neighbours share one frame); `pair = [from, to]` bends an arrow over the
// strip from one cell to another (a token and the one that follows it). Both slide
// between scenes: they travel as `runs`, the highlight on row 0 and the pair on row 1.
const STRIP_CARD_H = 34;
const STRIP_NUMBER_H = 22;
const STRIP_ARC_H = 30;

const STRIP = {
  size(item, width, measure) {
    const labels = (item.labels || []).map(String);
    const count = Math.max(labels.length, item.values.length);
    const widest = Math.max(measure.widest(labels, 16, 650), measure.widest(item.values.map(String)));
    const cell = Math.max(30, Math.min(Math.ceil(widest) + 16, Math.floor(width / Math.max(1, count))), Math.ceil(widest) + 6);
    const perLine = Math.max(1, Math.min(count, Math.floor(width / cell)));
    const lines = Math.ceil(count / perLine);
    const arcH = item.pair ? STRIP_ARC_H : 4;
    const titleW = item.label ? measure.text(item.label, SMALL, 600) + 8 : 0;
    return {
      w: Math.max(perLine * cell, titleW),
      h: labelHeight(item) + lines * (arcH + STRIP_CARD_H + STRIP_NUMBER_H) + (lines - 1) * 6,
      geometry: { cell, perLine, count, labels, arcH },
    };
  },
  state: (item) => ({
    values: item.values,
    runs: [
      ...highlightRuns((item.highlight || []).map((position) => [0, position])),
      ...(item.pair ? [{ r: 1, c: item.pair[0], span: item.pair[1] - item.pair[0] }] : []),
    ],
  }),
  draw(group, view) {
    const { cell, perLine, count, labels, arcH } = view.geometry;
    const lineH = arcH + STRIP_CARD_H + STRIP_NUMBER_H + 6;
    const left = (view.w - Math.min(perLine, count) * cell) / 2;
    const place = (position) => ({
      x: left + (position % perLine) * cell,
      y: labelHeight(view.item) + Math.floor(position / perLine) * lineH + arcH,
    });
    drawLabel(group, view);
    for (let i = 0; i < count; i += 1) {
      const { x, y } = place(i);
      const label = labels[i] ?? "";
      const special = label.length > 1; // BOS: not a letter, so a card of its own colour
      svg("rect", { x: x + 2, y, width: cell - 4, height: STRIP_CARD_H, rx: 4, class: `film-card ${special ? "film-card-value" : "film-card-key"}` }, group);
      svgText(group, label, x + cell / 2, y + STRIP_CARD_H / 2 + 6, special ? "film-card-text film-small" : "film-card-text", { "text-anchor": "middle" });
      if (i < view.values.length) {
        svgText(group, formatNumber(view.values[i], 0), x + cell / 2, y + STRIP_CARD_H + 16, "film-number film-small", { "text-anchor": "middle" });
      }
    }
    for (const run of view.runs) {
      const opacity = run.opacity ?? 1;
      if (run.r < 0.5) {
        const { y } = place(Math.round(run.c));
        const x = left + (run.c % perLine) * cell;
        svg("rect", { x, y: y - 3, width: run.span * cell, height: STRIP_CARD_H + STRIP_NUMBER_H + 2, rx: 5, class: "film-highlight", opacity }, group);
      } else {
        drawPairArc(group, place, cell, run, opacity);
      }
    }
  },
};

function drawPairArc(group, place, cell, run, opacity) {
  const from = place(Math.round(run.c));
  const fromX = from.x + cell / 2 + (run.c - Math.round(run.c)) * cell;
  const toX = fromX + run.span * cell;
  const y = from.y - 3;
  const lift = STRIP_ARC_H - 8;
  const midX = (fromX + toX) / 2;
  const arc = svg("g", { opacity }, group);
  svg("path", { d: `M ${fromX} ${y} Q ${midX} ${y - lift * 1.6} ${toX - 3} ${y - 2}`, class: "film-arrow", fill: "none" }, arc);
  svg("polygon", { points: `${toX},${y} ${toX - 9},${y - 5} ${toX - 4},${y - 10}`, class: "film-arrowhead" }, arc);
}

// A computation graph: one card per node with its data and its gradient, an arrow from each
// child to the node made from it. Nodes stand in layers by how far they are from the inputs:
// left to right where the stage is wide enough, top to bottom where it is not. A gradient not
// known yet is a dashed "?"; one that becomes known fades in, counting from 0. Its state packs
// the data, the gradients and whether each is known into one list, so the usual tween moves all three.
const NODE_W = 78;
const NODE_H = 58;
const NODE_GAP = 12;
const LAYER_GAP = 34;

function graphLayers(item) {
  const depth = item.nodes.map(() => 0);
  for (const [from, to] of item.edges) depth[to] = Math.max(depth[to], depth[from] + 1); // edges run from earlier nodes
  const layers = [];
  depth.forEach((d, node) => (layers[d] ??= []).push(node));
  return layers;
}

const GRAPH = {
  size(item, width, measure) {
    const layers = graphLayers(item);
    const digits = item.digits ?? 1;
    const texts = [...item.values, ...(item.grads || []).filter((g) => g !== null)].map((v) => `grad ${formatNumber(v, digits)}`);
    const nodeW = Math.max(NODE_W, Math.ceil(measure.widest(texts, SMALL, 700)) + 18); // the known gradient is bold
    const widest = Math.max(...layers.map((layer) => layer.length));
    const across = layers.length * nodeW + (layers.length - 1) * LAYER_GAP <= width;
    const titleW = item.label ? measure.text(item.label, SMALL, 600) + 8 : 0;
    const [along, side] = across
      ? [layers.length * (nodeW + LAYER_GAP) - LAYER_GAP, widest * (NODE_H + NODE_GAP) - NODE_GAP]
      : [layers.length * (NODE_H + LAYER_GAP) - LAYER_GAP, widest * (nodeW + NODE_GAP) - NODE_GAP];
    const [w, h] = across ? [along, side] : [side, along];
    return { w: Math.max(w, titleW), h: labelHeight(item) + h, geometry: { layers, across, nodeW, w, h } };
  },
  state: (item) => ({
    values: [...item.values, ...(item.grads || item.nodes.map(() => null)).map((g) => g ?? 0), ...(item.grads || item.nodes.map(() => null)).map((g) => (g === null ? 0 : 1))],
  }),
  draw(group, view) {
    const { layers, across, nodeW, w, h } = view.geometry;
    const { nodes, edges } = view.item;
    const digits = view.item.digits ?? 1;
    const count = nodes.length;
    const top = labelHeight(view.item);
    const left = (view.w - w) / 2;
    const place = [];
    layers.forEach((layer, d) => {
      const span = across ? h : w;
      const step = across ? NODE_H + NODE_GAP : nodeW + NODE_GAP;
      const start = (span - (layer.length * step - NODE_GAP)) / 2;
      layer.forEach((node, i) => {
        place[node] = across
          ? { x: left + d * (nodeW + LAYER_GAP), y: top + start + i * step }
          : { x: left + start + i * step, y: top + d * (NODE_H + LAYER_GAP) };
      });
    });
    drawLabel(group, view);
    for (const [from, to] of edges) drawGraphEdge(group, place[from], place[to], nodeW, across);
    nodes.forEach((name, node) => {
      const { x, y } = place[node];
      const known = clamp(view.values[2 * count + node] ?? 0);
      svg("rect", { x, y, width: nodeW, height: NODE_H, rx: 6, class: "film-card film-card-key" }, group);
      svgText(group, name, x + nodeW / 2, y + 17, "film-card-text film-strong", { "text-anchor": "middle" });
      svgText(group, `data ${formatNumber(view.values[node], digits)}`, x + nodeW / 2, y + 34, "film-number film-small", { "text-anchor": "middle" });
      if (known < 1) {
        const unknown = svg("g", { opacity: (1 - known).toFixed(3) }, group);
        svgText(unknown, "grad ?", x + nodeW / 2, y + 50, "film-small film-muted", { "text-anchor": "middle" });
      }
      if (known > 0) {
        const grad = svg("g", { opacity: known.toFixed(3) }, group);
        svg("rect", { x: x + 3, y: y + 38, width: nodeW - 6, height: 17, rx: 3, class: "film-highlight" }, grad);
        svgText(grad, `grad ${formatNumber(view.values[count + node], digits)}`, x + nodeW / 2, y + 51, "film-number film-small film-strong", { "text-anchor": "middle" });
      }
    });
  },
};

function drawGraphEdge(group, from, to, nodeW, across) {
  const [x1, y1, x2, y2] = across
    ? [from.x + nodeW, from.y + NODE_H / 2, to.x, to.y + NODE_H / 2]
    : [from.x + nodeW / 2, from.y + NODE_H, to.x + nodeW / 2, to.y];
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const back = (length, turn) => `${x2 - length * Math.cos(angle + turn)},${y2 - length * Math.sin(angle + turn)}`;
  svg("line", { x1, y1, x2: x2 - 6 * Math.cos(angle), y2: y2 - 6 * Math.sin(angle), class: "film-arrow" }, group);
  svg("polygon", { points: `${x2},${y2} ${back(9, 0.45)} ${back(9, -0.45)}`, class: "film-arrowhead" }, group);
}

function subscript(number) {
  return String(number).replace(/\d/g, (digit) => "₀₁₂₃₄₅₆₇₈₉"[digit]);
}

function htmlKind(className, fill) {
  return {
    size(item, width, measure) {
      const { w, h } = measure.html(className, (element) => fill(element, item), Math.min(width, 340));
      return { w, h: h + labelHeight(item), geometry: {} };
    },
    state: () => ({}),
    draw(group, view) {
      drawLabel(group, view);
      const object = svg("foreignObject", { x: 0, y: labelHeight(view.item), width: view.w, height: view.h - labelHeight(view.item) }, group);
      const inner = document.createElement("div");
      inner.className = className;
      fill(inner, view.item);
      object.append(inner);
    },
  };
}

export const KINDS = {
  vector: VECTOR,
  matrix: MATRIX,
  bars: BARS,
  cache: CACHE,
  strip: STRIP,
  graph: GRAPH,
  // The MathML was made by the build from the author's LaTeX, with numbers already filled in.
  formula: htmlKind("film-math", (element, item) => { element.innerHTML = item.mathml; }),
  text: htmlKind("film-text", (element, item) => { element.textContent = item.text; }),
};

// The film player: a lesson's short film, drawn as SVG from the JSON the build wrote
// (site_builder/films.py resolves every number; see film.html for the markup).
//
// The film is a timeline of scenes. When the scene changes, every item whose id was
// also in the scene before moves from its old state to its new one (numbers count,
// bars grow, a highlight slides); other items fade in, with their numbers counting up
// from 0. With prefers-reduced-motion, scenes change at once.

const SVG_NS = "http://www.w3.org/2000/svg";
const TWEEN_MS = 1100;
const MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");

// Layout, in SVG units. The stage is drawn at one of two widths and scaled to fit, so
// text stays close to its real size on a phone and on a desktop alike.
const WIDE = 720;
const NARROW = 360;
const WIDE_FROM_PX = 560;
const PAD = 16;
const GAP = 28;
const ROW_GAP = 26;
const ARROW_GAP = 70;
const LABEL_H = 24;
const FONT = 15;
const SMALL = 13;
const CELL_H = 34;
const BAR_H = 110;
const SLOT_W = 50;
const SLOT_GAP = 8;
const CACHE_BAR_H = 64;

const clamp = (x, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));
const mix = (a, b, t) => a + (b - a) * t;
const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
const last = (list) => list[list.length - 1];

function formatNumber(value, digits = 2) {
  const text = value.toFixed(digits);
  // "−0.00" helps nobody; a true minus sign reads better than a hyphen in a cell.
  return Number(text) === 0 ? (0).toFixed(digits) : text.replace("-", "−");
}

function formatTime(seconds) {
  const whole = Math.floor(seconds + 1e-6);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function svg(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, value);
  }
  if (parent) parent.append(element);
  return element;
}

function svgText(parent, text, x, y, className, extra = {}) {
  const element = svg("text", { x, y, class: className, ...extra }, parent);
  element.textContent = text;
  return element;
}

// ---------- Measuring ----------

class Measure {
  constructor(section) {
    this.context = document.createElement("canvas").getContext("2d");
    this.family = getComputedStyle(section).fontFamily;
    this.box = document.createElement("div");
    this.box.className = "film-measure";
    this.box.setAttribute("aria-hidden", "true");
    section.append(this.box);
  }

  text(text, size = FONT, weight = 400) {
    this.context.font = `${weight} ${size}px ${this.family}`;
    return this.context.measureText(text).width;
  }

  widest(texts, size = FONT, weight = 400) {
    return Math.max(0, ...texts.map((text) => this.text(text, size, weight)));
  }

  // The size a piece of HTML (text or MathML) takes when it may wrap at maxWidth.
  html(className, fill, maxWidth) {
    const inner = document.createElement("div");
    inner.className = className;
    fill(inner);
    this.box.replaceChildren(inner);
    this.box.style.maxWidth = `${maxWidth}px`;
    const { width, height } = inner.getBoundingClientRect();
    this.box.replaceChildren();
    return { w: Math.ceil(width) + 2, h: Math.ceil(height) + 2 };
  }
}

// ---------- Item kinds: each knows its size, its animatable state and how to draw it ----------

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

const KINDS = {
  vector: VECTOR,
  matrix: MATRIX,
  bars: BARS,
  cache: CACHE,
  // The MathML was made by the build from the author's LaTeX, with numbers already filled in.
  formula: htmlKind("film-math", (element, item) => { element.innerHTML = item.mathml; }),
  text: htmlKind("film-text", (element, item) => { element.textContent = item.text; }),
};

// ---------- Scenes: layout and the views drawn each frame ----------

// Items flow left to right in the order written, wrapping onto a new row when the stage
// is too narrow; two items joined by an arrow get room for it between them.
function layoutScene(scene, sceneIndex, width, measure) {
  const inner = width - 2 * PAD;
  const arrows = scene.items.filter((item) => item.kind === "arrow");
  const joined = (a, b) => arrows.find((arrow) => a.item.id && b.item.id
    && ((arrow.from === a.item.id && arrow.to === b.item.id) || (arrow.from === b.item.id && arrow.to === a.item.id)));
  const blocks = [];
  scene.items.forEach((item, index) => {
    if (item.kind === "arrow" || !KINDS[item.kind]) return;
    const size = KINDS[item.kind].size(item, inner, measure);
    blocks.push({ item, key: item.id ? `id:${item.id}` : `scene${sceneIndex}:${index}`, ...size });
  });
  const rows = [];
  for (const block of blocks) {
    const row = last(rows);
    const previous = row && last(row.blocks);
    const arrow = previous && joined(previous, block);
    const gap = arrow ? Math.max(ARROW_GAP, measure.text(arrow.label || "", SMALL) + 26) : GAP;
    if (row && row.w + gap + block.w <= inner) {
      block.gapBefore = gap;
      row.blocks.push(block);
      row.w += gap + block.w;
      row.h = Math.max(row.h, block.h);
    } else {
      block.gapBefore = 0;
      rows.push({ blocks: [block], w: block.w, h: block.h });
    }
  }
  let y = 0;
  rows.forEach((row, r) => {
    if (r > 0) y += ROW_GAP + (arrowBetweenRows(rows[r - 1], row, arrows) ? 24 : 0);
    let x = PAD + (inner - row.w) / 2;
    for (const block of row.blocks) {
      x += block.gapBefore;
      block.x = x;
      block.y = y + (row.h - block.h) / 2;
      x += block.w;
    }
    y += row.h;
  });
  return { blocks, arrows, height: y };
}

function arrowBetweenRows(above, below, arrows) {
  const ids = (row) => new Set(row.blocks.map((block) => block.item.id).filter(Boolean));
  const a = ids(above);
  const b = ids(below);
  return arrows.some((arrow) => (a.has(arrow.from) && b.has(arrow.to)) || (b.has(arrow.from) && a.has(arrow.to)));
}

// One scale per bar chart id for the whole film, so a chart that shrinks between scenes
// is seen to shrink. The cache's bars are weights: never drawn taller than 1.
function sharedScales(scenes) {
  const scales = new Map();
  scenes.forEach((scene, s) => scene.items.forEach((item, index) => {
    if (item.kind !== "bars" && item.kind !== "cache") return;
    const key = item.id ? `id:${item.id}` : `scene${s}:${index}`;
    const [lo, hi] = scales.get(key) || [0, item.kind === "cache" ? 1 : 0];
    scales.set(key, [Math.min(lo, ...item.values), Math.max(hi, ...item.values)]);
  }));
  return scales;
}

function interpolate(from, to, t) {
  const view = { ...to, x: mix(from.x, to.x, t), y: mix(from.y, to.y, t), w: mix(from.w, to.w, t), h: mix(from.h, to.h, t), opacity: 1 };
  if (to.values) view.values = mixValues(from.values, to.values, t);
  if (to.runs) view.runs = mixRuns(from.runs || [], to.runs, t);
  if (to.filled !== undefined) view.filled = mix(from.filled ?? 0, to.filled, t);
  return view;
}

function mixValues(from, to, t) {
  return to.map((value, i) => {
    if (Array.isArray(value)) return mixValues(Array.isArray(from?.[i]) ? from[i] : [], value, t);
    const start = from && typeof from[i] === "number" ? from[i] : 0;
    return mix(start, value, t);
  });
}

function mixRuns(from, to, t) {
  return to.map((run, i) => {
    const start = from[i];
    if (!start) return { ...run, opacity: t };
    return { r: mix(start.r, run.r, t), c: mix(start.c, run.c, t), span: mix(start.span, run.span, t) };
  });
}

// ---------- The player ----------

class FilmPlayer {
  constructor(section) {
    this.section = section;
    this.film = JSON.parse(section.querySelector("[data-film-data]").textContent);
    this.scenes = this.film.scenes;
    this.starts = [];
    let start = 0;
    for (const scene of this.scenes) {
      this.starts.push(start);
      start += scene.duration;
    }
    this.total = start;
    this.time = 0;
    this.sceneIndex = 0;
    this.playing = false;
    this.speed = 1;
    this.started = false;
    this.dragging = false;
    this.tween = null;
    this.onScreen = [];
    this.frameRequest = null;
    this.lastFrame = null;
    this.scales = sharedScales(this.scenes);
    this.find();
    this.measure = new Measure(section);
    this.stageWidth = null;
    this.build();
    this.bind();
    this.relayout();
    this.show(0, false);
    this.updateControls();
    this.setMotion();
  }

  find() {
    const q = (selector) => this.section.querySelector(selector);
    this.stage = q("[data-film-stage]");
    this.bigPlay = q('[data-action="big-play"]');
    this.captionBox = q("[data-caption-box]");
    this.caption = q("[data-caption]");
    this.sceneCount = q("[data-scene-count]");
    this.playButton = q('[data-action="play"]');
    this.previousButton = q('[data-action="previous"]');
    this.nextButton = q('[data-action="next"]');
    this.replayButton = q('[data-action="replay"]');
    this.captionsButton = q('[data-action="captions"]');
    this.scrubber = q("[data-scrubber]");
    this.timeText = q("[data-time]");
    this.speedSelect = q("[data-speed]");
  }

  build() {
    this.section.querySelector("[data-film-fallback]")?.remove();
    this.svg = svg("svg", { class: "film-svg", role: "img", "aria-label": "" });
    this.layer = svg("g", {}, this.svg);
    this.stage.prepend(this.svg);
    this.section.querySelector("[data-film-controls]").hidden = false;
    this.section.querySelector("[data-film-keys]").hidden = false;
    this.bigPlay.hidden = false;
    this.section.querySelectorAll("[data-tick]").forEach((tick) => {
      tick.style.left = `${(this.starts[Number(tick.dataset.tick)] / this.total) * 100}%`;
    });
    this.section.dataset.ready = "true";
  }

  bind() {
    const on = (element, event, handler) => element.addEventListener(event, handler);
    on(this.playButton, "click", () => this.toggle());
    on(this.bigPlay, "click", (event) => {
      event.stopPropagation();
      this.play();
      this.stage.focus({ preventScroll: true });
    });
    on(this.previousButton, "click", () => this.step(-1));
    on(this.nextButton, "click", () => this.step(1));
    on(this.replayButton, "click", () => this.replay());
    on(this.captionsButton, "click", () => this.toggleCaptions());
    on(this.speedSelect, "change", () => { this.speed = Number(this.speedSelect.value) || 1; });
    on(this.scrubber, "input", () => this.seek(Number(this.scrubber.value)));
    // While the reader drags the scrubber, playing must not pull the thumb from under them.
    on(this.scrubber, "pointerdown", () => { this.dragging = true; });
    on(document, "pointerup", () => { this.dragging = false; });
    on(this.stage, "click", () => this.toggle());
    on(this.section, "keydown", (event) => this.key(event));
    MOTION.addEventListener("change", () => this.setMotion());
    new ResizeObserver(() => this.relayout()).observe(this.stage);
  }

  // ----- Time -----

  sceneAt(time) {
    let index = 0;
    while (index + 1 < this.scenes.length && this.starts[index + 1] <= time + 1e-9) index += 1;
    return index;
  }

  setTime(time, animate) {
    this.time = clamp(time, 0, this.total);
    const index = this.sceneAt(this.time);
    if (index !== this.sceneIndex) this.show(index, animate);
    this.updateControls();
  }

  play() {
    if (this.time >= this.total - 1e-6) this.setTime(0, false);
    this.playing = true;
    this.started = true;
    this.updateControls();
    this.requestFrame();
  }

  pause() {
    this.playing = false;
    this.updateControls();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  replay() {
    this.setTime(0, true);
    this.play();
  }

  step(direction) {
    const index = clamp(this.sceneIndex + direction, 0, this.scenes.length - 1);
    if (index === this.sceneIndex) return;
    this.started = true;
    this.setTime(this.starts[index], true);
  }

  seek(time) {
    this.started = true;
    this.setTime(time, false);
  }

  requestFrame() {
    if (this.frameRequest === null) this.frameRequest = requestAnimationFrame((now) => this.frame(now));
  }

  frame(now) {
    this.frameRequest = null;
    const elapsed = this.lastFrame === null ? 0 : Math.min(0.25, (now - this.lastFrame) / 1000);
    this.lastFrame = now;
    if (this.playing) {
      this.setTime(this.time + elapsed * this.speed, true);
      if (this.time >= this.total) this.pause();
    }
    if (this.tween) this.drawTween(now);
    if (this.playing || this.tween) this.requestFrame();
    else this.lastFrame = null;
  }

  // ----- Scenes -----

  relayout() {
    this.fitCaptions();
    const width = this.stage.clientWidth >= WIDE_FROM_PX ? WIDE : NARROW;
    if (width === this.stageWidth) return;
    this.stageWidth = width;
    this.layouts = this.scenes.map((scene, index) => layoutScene(scene, index, width, this.measure));
    const tallest = Math.max(...this.layouts.map((layout) => layout.height));
    this.stageHeight = Math.ceil(tallest + 2 * PAD);
    this.svg.setAttribute("viewBox", `0 0 ${width} ${this.stageHeight}`);
    this.tween = null;
    this.draw(this.targetViews(this.sceneIndex));
  }

  // The caption box keeps the height of the longest caption, so the page does not jump
  // between scenes. The captions are measured in a hidden copy: changing the live caption
  // itself would make screen readers announce every one of them.
  fitCaptions() {
    const width = this.captionBox.clientWidth;
    if (!width) return;
    const probe = this.captionBox.cloneNode(true);
    probe.setAttribute("aria-hidden", "true");
    probe.querySelectorAll("[aria-live]").forEach((element) => element.removeAttribute("aria-live"));
    Object.assign(probe.style, { position: "absolute", visibility: "hidden", width: `${width}px`, minHeight: "" });
    this.captionBox.after(probe);
    const text = probe.querySelector("[data-caption]");
    let tallest = 0;
    for (const scene of this.scenes) {
      text.textContent = scene.caption;
      tallest = Math.max(tallest, probe.getBoundingClientRect().height);
    }
    probe.remove();
    this.captionBox.style.minHeight = `${Math.ceil(tallest)}px`;
  }

  targetViews(index) {
    const layout = this.layouts[index];
    const top = (this.stageHeight - layout.height) / 2;
    const views = layout.blocks.map((block) => ({
      key: block.key,
      kind: block.item.kind,
      item: block.item,
      geometry: block.geometry,
      x: block.x, y: block.y + top, w: block.w, h: block.h,
      scale: this.scales.get(block.key),
      opacity: 1,
      ...KINDS[block.item.kind].state(block.item),
    }));
    views.arrows = layout.arrows;
    return views;
  }

  show(index, animate) {
    this.sceneIndex = index;
    const target = this.targetViews(index);
    // The caption is a live region: set it only when it changes, so it is read once.
    if (this.caption.textContent !== this.scenes[index].caption) this.caption.textContent = this.scenes[index].caption;
    this.sceneCount.textContent = `Scene ${index + 1} of ${this.scenes.length}`;
    this.svg.setAttribute("aria-label", `Scene ${index + 1} of ${this.scenes.length}: ${this.scenes[index].caption}`);
    this.section.dataset.scene = String(index + 1);
    if (animate && !this.reduced) {
      this.tween = { from: this.onScreen, to: target, start: performance.now() };
      this.section.dataset.animating = "true";
      this.requestFrame();
    } else {
      this.tween = null;
      this.draw(target);
    }
  }

  drawTween(now) {
    const { from, to, start } = this.tween;
    const t = clamp((now - start) / TWEEN_MS);
    if (t >= 1) {
      this.tween = null;
      this.draw(to);
      return;
    }
    const before = new Map(from.map((view) => [view.key, view]));
    const after = new Set(to.map((view) => view.key));
    const leaving = from
      .filter((view) => !after.has(view.key))
      .map((view) => ({ ...view, opacity: 1 - clamp(t / 0.3) }));
    // First what leaves fades out, then what stays moves, then new items arrive one after
    // another, their numbers counting up from 0, so nothing crosses anything else.
    let entering = 0;
    const views = to.map((view) => {
      const old = before.get(view.key);
      if (old) return interpolate(old, view, ease(clamp((t - 0.05) / 0.45)));
      const local = ease(clamp((t - 0.5 - 0.1 * Math.min(entering++, 2)) / 0.3));
      const blank = { ...view, values: undefined, runs: [], filled: 0 };
      return { ...interpolate(blank, view, local), opacity: clamp(local * 1.6) };
    });
    views.arrows = to.arrows;
    this.draw(views, leaving);
  }

  draw(views, leaving = []) {
    const layer = svg("g", {});
    for (const view of [...leaving, ...views]) {
      if (view.opacity <= 0.001) continue;
      const group = svg("g", { transform: `translate(${view.x.toFixed(2)} ${view.y.toFixed(2)})`, class: `film-item film-item-${view.kind}` }, layer);
      if (view.opacity < 1) group.setAttribute("opacity", view.opacity.toFixed(3));
      KINDS[view.kind].draw(group, view);
    }
    for (const arrow of views.arrows || []) drawArrow(layer, arrow, views);
    this.layer.replaceWith(layer);
    this.layer = layer;
    this.onScreen = views;
    if (!this.tween) this.section.dataset.animating = "false";
  }

  // ----- Controls -----

  updateControls() {
    const playing = this.playing;
    this.section.dataset.playing = String(playing);
    this.playButton.setAttribute("aria-label", playing ? "Pause" : "Play");
    this.playButton.title = playing ? "Pause (Space)" : "Play (Space)";
    this.bigPlay.hidden = this.started;
    this.previousButton.disabled = this.sceneIndex === 0;
    this.nextButton.disabled = this.sceneIndex === this.scenes.length - 1;
    if (!this.dragging) this.scrubber.value = this.time.toFixed(1);
    const position = `${formatTime(this.time)} of ${formatTime(this.total)}`;
    this.scrubber.setAttribute("aria-valuetext", `${position}, scene ${this.sceneIndex + 1} of ${this.scenes.length}`);
    this.timeText.textContent = `${formatTime(this.time)} / ${formatTime(this.total)}`;
  }

  toggleCaptions() {
    const on = this.captionsButton.getAttribute("aria-pressed") !== "true";
    this.captionsButton.setAttribute("aria-pressed", String(on));
    this.captionBox.hidden = !on;
  }

  setMotion() {
    this.reduced = MOTION.matches;
    this.section.dataset.motion = this.reduced ? "reduced" : "full";
    if (this.reduced && this.tween) {
      const { to } = this.tween;
      this.tween = null;
      this.draw(to);
    }
  }

  // Keys work only while focus is inside the film; form controls keep their own keys.
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const ownsArrows = target.matches("input, select, textarea, summary") || target.closest("details");
    // A range input does nothing with Space, so there Space still plays and pauses.
    const ownsSpace = target.matches("button, a, select, textarea, summary") || target.closest("details");
    let handled = true;
    if (event.key === " " && !ownsSpace) this.toggle();
    else if (event.key === "ArrowRight" && !ownsArrows) this.step(1);
    else if (event.key === "ArrowLeft" && !ownsArrows) this.step(-1);
    else if (event.key === "Home" && !ownsArrows) this.setTime(0, true);
    else if (event.key === "End" && !ownsArrows) this.setTime(this.starts[this.scenes.length - 1], true);
    else handled = false;
    if (handled) {
      this.started = true;
      this.updateControls();
      event.preventDefault();
    }
  }
}

// An arrow from one item's edge to another's, along the line between their centres.
function drawArrow(layer, arrow, views) {
  const find = (id) => views.find((view) => view.item.id === id);
  const a = find(arrow.from);
  const b = find(arrow.to);
  if (!a || !b) return;
  const opacity = Math.min(a.opacity ?? 1, b.opacity ?? 1);
  const [ax, ay] = [a.x + a.w / 2, a.y + a.h / 2];
  const [bx, by] = [b.x + b.w / 2, b.y + b.h / 2];
  const start = edgePoint(a, bx - ax, by - ay, 6);
  const end = edgePoint(b, ax - bx, ay - by, 6);
  const length = Math.hypot(end[0] - start[0], end[1] - start[1]);
  if (length < 12) return;
  const group = svg("g", { class: "film-arrow-group", opacity: opacity.toFixed(3) }, layer);
  const [ux, uy] = [(end[0] - start[0]) / length, (end[1] - start[1]) / length];
  const tip = end;
  const base = [tip[0] - ux * 10, tip[1] - uy * 10];
  svg("line", { x1: start[0], y1: start[1], x2: base[0], y2: base[1], class: "film-arrow" }, group);
  svg("polygon", {
    points: [tip, [base[0] - uy * 5, base[1] + ux * 5], [base[0] + uy * 5, base[1] - ux * 5]].map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" "),
    class: "film-arrowhead",
  }, group);
  if (arrow.label) {
    const [mx, my] = [(start[0] + end[0]) / 2, (start[1] + end[1]) / 2];
    const horizontal = Math.abs(ux) >= Math.abs(uy);
    svgText(group, arrow.label, horizontal ? mx : mx + 8, horizontal ? my - 8 : my + 4, "film-small film-arrow-label", { "text-anchor": horizontal ? "middle" : "start" });
  }
}

// Where a ray from the centre of `box` in direction (dx, dy) leaves the box, plus a margin.
function edgePoint(box, dx, dy, margin) {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const sx = dx ? (box.w / 2 + margin) / Math.abs(dx) : Infinity;
  const sy = dy ? (box.h / 2 + margin) / Math.abs(dy) : Infinity;
  const s = Math.min(sx, sy);
  return [cx + dx * s, cy + dy * s];
}

for (const section of document.querySelectorAll("[data-film]")) {
  try {
    new FilmPlayer(section);
  } catch (error) {
    // A broken film must not break the lesson around it; the transcript still tells it.
    console.error("The film could not start:", error);
    section.dataset.filmError = "true";
  }
}

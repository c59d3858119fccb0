// The site's one way of drawing a chart outside films: axes with ticks and titles, lines,
// reference rules and a table of the numbers, as SVG. The chart widget (chart.js) draws the
// build's computed numbers with it; LiveChart below draws a loss as training makes it (the
// neural-bigram run, training.js; the capstone, capstone.js).
//
// Why our own hundred lines rather than a charting library from npm: the charts we need are
// two kinds (bars, a line with marks) plus a live line, and a library that draws them (Chart.js,
// Plotly, Vega) weighs 60 KB to 1 MB for features we would not use; the site's CSP allows
// scripts and styles from 'self' only and must work offline, which rules out CDNs and the
// inline styles some libraries write; canvas-based libraries would need their colours read
// out of the theme and redrawn on every theme switch, where SVG classes take light and dark
// straight from site.css's custom properties; and the keyboard walk and the table under
// every chart are ours to get right either way.
//
// Films keep their own SVG layer (film-svg.js, film-kinds.js): they animate shapes between
// scenes on a fixed stage, which is a different job from laying out numbers on axes.

const SVG_NS = "http://www.w3.org/2000/svg";
const TICK_FONT = "12px";
export const MIN_WIDTH = 120; // narrower than this the box is not laid out yet (or hidden)
const MARGIN = { top: 26, right: 10, tickGap: 6, xLabels: 20, axisTitle: 18 };
const NICE_STEPS = [1, 2, 2.5, 5, 10];
const REDRAW_EVERY = 250; // ms: a live chart redraws at most four times a second

export function svg(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (parent) parent.append(element);
  return element;
}

export function text(parent, content, x, y, className, extra = {}) {
  const element = svg("text", { x, y, class: className, ...extra }, parent);
  element.textContent = content;
  return element;
}

export function measurer(element) {
  const context = document.createElement("canvas").getContext("2d");
  const family = getComputedStyle(element).fontFamily;
  return (content, weight = 400) => {
    context.font = `${weight} ${TICK_FONT} ${family}`;
    return context.measureText(content).width;
  };
}

// The box's size inside its padding: the drawing's width and height.
export function innerSize(box) {
  const style = getComputedStyle(box);
  const across = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const down = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  return { width: box.clientWidth - across, height: box.clientHeight - down };
}

const formats = new Map(); // one formatter per number of decimals: making one is the slow part

// As the page prints a number: thousands separators, `digits` decimals, a true minus sign.
export function numberText(value, digits = 0) {
  if (!formats.has(digits)) formats.set(digits, new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  const text = formats.get(digits).format(value);
  return Number(text.replace(/,/g, "")) === 0 ? (0).toFixed(digits) : text.replace("-", "−");
}

// Round ticks from at or below `lo` to at or above `hi`, about `count` of them, each with
// its text (the build's chart.py nice_ticks, for charts whose numbers arrive in the page).
export function niceTicks(lo, hi, count = 5) {
  if (hi <= lo) hi = lo + 1;
  const rough = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = NICE_STEPS.map((nice) => nice * power).find((candidate) => candidate >= rough);
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const values = [];
  for (let index = first; index <= last; index += 1) values.push(Number((index * step).toFixed(10)));
  const digits = [0, 1, 2, 3, 4, 5, 6].find((d) => values.every((v) => Math.abs(v - Number(v.toFixed(d))) < 1e-9)) ?? 6;
  return values.map((value) => ({ value, text: numberText(value, digits) }));
}

// The frame every chart shares: the y axis with its ticks and grid lines, and both axis
// titles. Returns the plot area, the function from a value to its y, and the frame's group.
export function drawFrame(root, { ticks, xLabel, yLabel }, width, height, measure) {
  const lo = ticks[0].value;
  const hi = ticks[ticks.length - 1].value;
  const tickW = Math.max(...ticks.map((tick) => measure(tick.text)));
  const left = MARGIN.axisTitle + tickW + MARGIN.tickGap + 4;
  const bottom = height - MARGIN.xLabels - MARGIN.axisTitle;
  const area = { left, right: width - MARGIN.right, top: MARGIN.top, bottom };
  const y = (value) => bottom - ((value - lo) / (hi - lo || 1)) * (bottom - area.top);
  const frame = svg("g", { class: "chart-frame", "aria-hidden": "true" }, root);
  for (const tick of ticks) {
    const ty = y(tick.value);
    svg("line", { x1: left, x2: area.right, y1: ty, y2: ty, class: tick.value === 0 ? "chart-axis-line" : "chart-grid" }, frame);
    text(frame, tick.text, left - MARGIN.tickGap, ty + 4, "chart-tick", { "text-anchor": "end" });
  }
  svg("line", { x1: left, x2: left, y1: area.top, y2: bottom, class: "chart-axis-line" }, frame);
  const middle = (area.top + bottom) / 2;
  text(frame, yLabel, 12, middle, "chart-axis-title", { "text-anchor": "middle", transform: `rotate(-90 12 ${middle})` });
  text(frame, xLabel, (left + area.right) / 2, height - 4, "chart-axis-title", { "text-anchor": "middle" });
  return { area, y, frame };
}

// A numeric x axis along the frame's bottom: its line, a notch per tick and as many labels
// as fit (every second, third, ... when they would touch). Returns the function from a value to its x.
export function drawXAxis({ area, frame }, ticks, measure) {
  const lo = ticks[0].value;
  const hi = ticks[ticks.length - 1].value;
  const x = (value) => area.left + ((value - lo) / (hi - lo || 1)) * (area.right - area.left);
  const band = (area.right - area.left) / Math.max(1, ticks.length - 1);
  const widest = Math.max(...ticks.map((tick) => measure(tick.text)));
  const every = Math.max(1, Math.ceil((widest + 8) / band));
  ticks.forEach((tick, index) => {
    const tx = x(tick.value);
    svg("line", { x1: tx, x2: tx, y1: area.bottom, y2: area.bottom + 4, class: "chart-axis-line" }, frame);
    if (index % every !== 0) return;
    // The last label may hang past the plot's right edge ("1,000"): keep it inside the drawing.
    const half = measure(tick.text) / 2;
    const labelX = Math.min(tx, area.right + MARGIN.right - half - 1);
    text(frame, tick.text, labelX, area.bottom + 16, "chart-tick", { "text-anchor": "middle" });
  });
  svg("line", { x1: area.left, x2: area.right, y1: area.bottom, y2: area.bottom, class: "chart-axis-line" }, frame);
  return x;
}

// An SVG path through [x, y] pairs, left to right.
export function linePath(points, x, y) {
  return points.map(([px, py], index) => `${index ? "L" : "M"}${x(px).toFixed(1)} ${y(py).toFixed(1)}`).join("");
}

// A line chart whose points arrive as it is shown: append() each one, and it redraws at most
// four times a second (and at once when its box changes width), so a fast run never keeps
// the page busy. Its numbers go to a table, one row every `table.every` steps, and its
// accessible name is `describe(points)`: nothing it draws is a live region, so a screen
// reader hears only the widget's own status, which says a step every so often.
//
//   new LiveChart(box, {
//     xLabel: "step", yLabel: "loss", xMax: 100,
//     yRange: (points) => [lo, hi],                    // or a fixed [lo, hi]
//     lines: [{ className: "chart-line", of: (points) => points }],  // `of` derives a line from the data
//     rules: [{ y: 2.45, label: "counting model" }],   // dashed, level, labelled
//     describe: (points) => "Loss curve: ...",
//     table: { rows: tbody, every: 10, cells: (point, upToIt) => ["0", "3.2958"] },
//   });
export class LiveChart {
  constructor(box, options) {
    this.box = box;
    this.options = { rules: [], lines: [{ className: "chart-line" }], ...options };
    this.points = [];
    this.measure = measurer(box);
    this.width = 0;
    this.timer = 0;
    this.drawnAt = 0;
    new ResizeObserver(() => {
      if (this.box.clientWidth !== this.width) this.draw();
    }).observe(box);
  }

  append(x, y) {
    this.points.push([x, y]);
    this.addRows(this.points.length - 1);
    this.schedule();
  }

  // Start again from `points` (none, or a saved run's), on an x axis up to `xMax`.
  reset(points = [], { xMax = this.options.xMax } = {}) {
    this.points = points.slice();
    this.options.xMax = xMax;
    this.options.table?.rows.replaceChildren();
    this.addRows(0);
    this.draw();
  }

  schedule() {
    if (this.timer) return;
    const wait = Math.max(0, this.drawnAt + REDRAW_EVERY - performance.now());
    this.timer = setTimeout(() => requestAnimationFrame(() => this.draw()), wait);
  }

  // A row for each point from index `from` on whose x is a multiple of `every` (or the last
  // step, or one the table's `keep(point)` asks for); `cells` gets the point and the data up
  // to it, and returns the row's texts.
  addRows(from) {
    const table = this.options.table;
    if (!table) return;
    for (let at = from; at < this.points.length; at += 1) {
      const point = this.points[at];
      if (point[0] % table.every !== 0 && point[0] !== this.options.xMax && !table.keep?.(point)) continue;
      const row = document.createElement("tr");
      table.cells(point, this.points.slice(0, at + 1)).forEach((content, index) => {
        const cell = document.createElement(index ? "td" : "th");
        if (!index) cell.scope = "row";
        cell.textContent = content;
        row.append(cell);
      });
      table.rows.append(row);
    }
  }

  draw() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.drawnAt = performance.now();
    this.width = this.box.clientWidth;
    if (this.width < MIN_WIDTH) return;
    const { width, height } = innerSize(this.box);
    const { xLabel, yLabel, xMax, yRange, lines, rules, describe } = this.options;
    const [lo, hi] = typeof yRange === "function" ? yRange(this.points) : yRange;
    const ticks = niceTicks(lo, hi);
    const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": describe(this.points) });
    const frame = drawFrame(root, { ticks, xLabel, yLabel }, width, height, this.measure);
    const x = drawXAxis(frame, niceTicks(0, xMax), this.measure);
    const bottom = ticks[0].value;
    const top = ticks[ticks.length - 1].value;
    const y = (value) => frame.y(Math.min(Math.max(value, bottom), top)); // a wild loss stays on the chart
    const drawing = svg("g", { "aria-hidden": "true" }, root);
    for (const rule of rules) {
      const ry = y(rule.y);
      svg("line", { x1: frame.area.left, x2: frame.area.right, y1: ry, y2: ry, class: "chart-reference" }, drawing);
      if (rule.label) text(drawing, rule.label, frame.area.right - 2, ry + 14, "chart-reference-label", { "text-anchor": "end" });
    }
    for (const line of lines) {
      const points = line.of ? line.of(this.points) : this.points;
      if (points.length) svg("path", { d: linePath(points, x, y), class: line.className }, drawing);
    }
    this.box.replaceChildren(root);
  }
}

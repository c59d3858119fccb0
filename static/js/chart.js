// Charts of computed numbers (chart.html): axes with ticks and titles, and the points
// drawn by their kind, one entry each in KINDS. The build has already written every value
// as text and chosen the y ticks; this module only lays them out at the plot's width, and
// again when that width changes (the height is fixed in CSS, so nothing below moves).
// Each chart is one tab stop's worth of keyboard: Tab reaches its first bar (or point, or
// mark), the arrow keys, Home and End move along, and the value shows above it and is read out.
// The axes, ticks and lines are chart-plot.js's, which the live loss curves share; why the
// site draws its own charts rather than use a library is said at the top of that module.

import { MIN_WIDTH, drawFrame, drawXAxis, innerSize, linePath, measurer, svg, text } from "./chart-plot.js";

// Bars: one column per point, its label under it. Labels that would collide are thinned
// to every second (third, ...) one; the table and each bar's own name still carry all.
function drawBars(root, chart, frame, measure) {
  const { area, y } = frame;
  const count = chart.points.length;
  const band = (area.right - area.left) / count;
  const barW = Math.max(2, Math.min(band * 0.72, 64));
  const widest = Math.max(...chart.points.map((point) => measure(point.x)));
  const every = Math.max(1, Math.ceil((widest + 6) / band));
  const zero = y(0);
  const group = svg("g", { class: "chart-bars" }, root);
  return chart.points.map((point, index) => {
    const x = area.left + index * band;
    const top = Math.min(y(point.y), zero);
    const height = Math.max(Math.abs(zero - y(point.y)), point.y === 0 ? 0 : 1);
    const bar = svg("g", {
      class: "chart-bar",
      role: "img",
      tabindex: "-1",
      "aria-label": `${chart.x_label} ${point.x}: ${point.text} ${chart.y_label}`,
    }, group);
    svg("rect", { class: "chart-bar-hit", x: x + 1, y: area.top, width: band - 2, height: area.bottom - area.top, rx: 3 }, bar);
    svg("rect", { class: "chart-bar-shape", x: x + (band - barW) / 2, y: top, width: barW, height, rx: Math.min(3, barW / 3) }, bar);
    if (index % every === 0) {
      text(frame.frame, point.x, x + band / 2, area.bottom + 15, "chart-tick", { "text-anchor": "middle" });
    }
    return { element: bar, anchorX: x + band / 2, anchorY: top, point };
  });
}

// A line: the points joined left to right on a numeric x axis with its own round ticks.
// Marks (the steps of a descent, say) sit on top as dots joined in their order, and are
// what the keyboard walks; without marks, every point of the line is a stop.
function drawLine(root, chart, frame, measure) {
  const { y } = frame;
  const x = drawXAxis(frame, chart.x_ticks, measure);
  const along = (points) => linePath(points.map((point) => [point.at, point.y]), x, y);
  svg("path", { d: along(chart.points), class: "chart-line", "aria-hidden": "true" }, root);
  const marked = chart.marks.length > 0;
  if (marked) svg("path", { d: along(chart.marks), class: "chart-walk", "aria-hidden": "true" }, root);
  const stops = marked ? chart.marks : chart.points;
  const group = svg("g", { class: marked ? "chart-marks" : "chart-points" }, root);
  return stops.map((point, index) => {
    const cx = x(point.at);
    const cy = y(point.y);
    const label = marked
      ? `${chart.marks_label} ${index}: ${chart.x_label} ${point.x}, ${chart.y_label} ${point.text}`
      : `${chart.x_label} ${point.x}: ${chart.y_label} ${point.text}`;
    const stop = svg("g", { class: "chart-stop", role: "img", tabindex: "-1", "aria-label": label }, group);
    svg("circle", { class: "chart-stop-hit", cx, cy, r: 9 }, stop);
    svg("circle", { class: "chart-stop-dot", cx, cy, r: marked ? 4.5 : 3.5 }, stop);
    return { element: stop, anchorX: cx, anchorY: cy - 6, point, readout: label };
  });
}

const KINDS = { bars: drawBars, line: drawLine };

class Chart {
  constructor(figure) {
    this.figure = figure;
    this.plot = figure.querySelector("[data-chart-plot]");
    this.chart = JSON.parse(figure.querySelector("[data-chart-data]").textContent);
    this.measure = measurer(this.plot);
    this.current = 0;
    this.width = 0;
    this.draw();
    new ResizeObserver(() => {
      if (this.plot.clientWidth !== this.width) this.draw();
    }).observe(this.plot);
  }

  draw() {
    const hadFocus = this.root?.contains(document.activeElement);
    this.width = this.plot.clientWidth;
    if (this.width < MIN_WIDTH) return; // not laid out yet (or hidden): the observer draws it once it is
    const { width, height } = innerSize(this.plot);
    const root = svg("svg", {
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      "aria-label": `${this.chart.y_label} by ${this.chart.x_label}: use the arrow keys to move between points`,
    });
    const { ticks, x_label: xLabel, y_label: yLabel } = this.chart;
    const frame = drawFrame(root, { ticks, xLabel, yLabel }, width, height, this.measure);
    this.marks = KINDS[this.chart.kind](root, this.chart, frame, this.measure);
    this.readout = svg("g", { class: "chart-readout-group", "aria-hidden": "true" }, root);
    this.marks.forEach((mark, index) => {
      mark.element.addEventListener("focus", () => this.show(index));
      mark.element.addEventListener("blur", () => this.show(null));
      mark.element.addEventListener("pointerenter", () => this.show(index));
      mark.element.addEventListener("pointerleave", () => this.show(document.activeElement === mark.element ? index : null));
    });
    root.addEventListener("keydown", (event) => this.key(event));
    this.root = root;
    this.plot.replaceChildren(root);
    this.moveTo(this.current, hadFocus);
  }

  key(event) {
    const last = this.marks.length - 1;
    const to = { ArrowRight: this.current + 1, ArrowUp: this.current + 1, ArrowLeft: this.current - 1, ArrowDown: this.current - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.moveTo(Math.max(0, Math.min(last, to)), true);
  }

  // Only the current mark is in the tab order, so Tab passes the chart in one step.
  moveTo(index, focus) {
    this.current = index;
    this.marks.forEach((mark, i) => mark.element.setAttribute("tabindex", i === index ? "0" : "-1"));
    if (focus) this.marks[index].element.focus();
  }

  show(index) {
    this.readout.replaceChildren();
    this.marks.forEach((mark, i) => mark.element.toggleAttribute("data-active", i === index));
    if (index === null) return;
    const mark = this.marks[index];
    const label = mark.readout ?? `${mark.point.text} ${this.chart.y_label}`;
    const w = this.measure(label, 600) + 14;
    const maxX = innerSize(this.plot).width - w - 2;
    const x = Math.max(2, Math.min(maxX, mark.anchorX - w / 2));
    const y = Math.max(0, mark.anchorY - 26);
    svg("rect", { x, y, width: w, height: 20, rx: 4, class: "chart-readout-bg" }, this.readout);
    text(this.readout, label, x + w / 2, y + 14, "chart-readout", { "text-anchor": "middle" });
  }
}

export function startCharts(root = document) {
  for (const figure of root.querySelectorAll("figure[data-chart]")) {
    if (figure.chart) continue;
    try {
      figure.chart = new Chart(figure);
    } catch (error) {
      // One broken chart must not take the rest of the page with it; its table still shows every value.
      console.error(`Chart ${figure.id} could not start:`, error);
    }
  }
}

startCharts();

// What the film's drawing code shares: making SVG elements, measuring text before it is
// drawn, and writing numbers the way a cell shows them. No DOM is touched on import.

const SVG_NS = "http://www.w3.org/2000/svg";

// Text sizes, in SVG units; the stage is scaled to fit, so these stay close to real pixels.
const FONT = 15;
export const SMALL = 13;

export const clamp = (x, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));
export const mix = (a, b, t) => a + (b - a) * t;
export const last = (list) => list[list.length - 1];

export function formatNumber(value, digits = 2) {
  const text = value.toFixed(digits);
  // "−0.00" helps nobody; a true minus sign reads better than a hyphen in a cell.
  return Number(text) === 0 ? (0).toFixed(digits) : text.replace("-", "−");
}

export function svg(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, value);
  }
  if (parent) parent.append(element);
  return element;
}

export function svgText(parent, text, x, y, className, extra = {}) {
  const element = svg("text", { x, y, class: className, ...extra }, parent);
  element.textContent = text;
  return element;
}

/** Sizes of text and HTML as the film will draw them, measured off-screen inside `section`. */
export class Measure {
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

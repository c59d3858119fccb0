// The heatmap's colours: the ramp a value is painted with, the text colour that stays
// readable on it, and the legend that explains the ramp.

import { element } from "./dom.js";
import { VIEWS, formatNumber } from "./heatmap-words.js";

// Viridis sampled at nine points: perceptually even, and still ordered for readers with the
// common colour-vision deficiencies (and in greyscale).
const RAMP = ["#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30", "#fde725"].map(hexToRgb);

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
export function textColourOn(rgb) {
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

// The ramp as a CSS gradient, for legends (the attention heatmap's and grid.js's).
export const RAMP_GRADIENT = `linear-gradient(to right, ${RAMP.map((c) => `rgb(${c.join(" ")})`).join(", ")})`;

export class Legend {
  constructor() {
    this.element = element("div", "heatmap-legend");
    this.label = element("span", "heatmap-legend-label");
    this.low = element("span", "heatmap-legend-end");
    this.high = element("span", "heatmap-legend-end");
    const bar = element("span", "heatmap-legend-bar");
    bar.style.backgroundImage = RAMP_GRADIENT;
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

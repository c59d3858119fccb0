// The capstone's loss curve: the learner's loss at every step (faint), its moving average
// (bold) and the course's reference run, averaged the same way (dashed), as one SVG.

const SVG = "http://www.w3.org/2000/svg";
export const WINDOW = 50; // steps in the moving average
const PAD = { left: 40, right: 10, top: 10, bottom: 26 };

function node(name, attributes = {}) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

export function movingAverage(values, window = WINDOW) {
  const out = [];
  let total = 0;
  values.forEach((value, i) => {
    total += value;
    if (i >= window) total -= values[i - window];
    out.push(total / Math.min(i + 1, window));
  });
  return out;
}

// Draws into `box` (replacing what was there): `steps` along x, losses from 1.5 to 4 up y.
export function drawCurve(box, { steps, losses, reference }) {
  const width = Math.max(box.clientWidth, 200);
  const height = Math.max(box.clientHeight, 120);
  const low = 1.5;
  const high = 4;
  const x = (i) => PAD.left + (i / Math.max(steps, 1)) * (width - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (Math.min(Math.max(v, low), high) - low) / (high - low)) * (height - PAD.top - PAD.bottom);
  const path = (values) => values.map((v, i) => `${i ? "L" : "M"}${x(i + 1).toFixed(1)},${y(v).toFixed(1)}`).join("");
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Loss curve: yours beside the course's" });
  for (const tick of [2, 2.5, 3, 3.5]) {
    svg.append(node("line", { class: "capstone-grid", x1: PAD.left, x2: width - PAD.right, y1: y(tick), y2: y(tick) }));
    const label = node("text", { class: "capstone-tick", x: PAD.left - 6, y: y(tick) + 4, "text-anchor": "end" });
    label.textContent = tick.toFixed(1);
    svg.append(label);
  }
  const axis = node("text", { class: "capstone-tick", x: width - PAD.right, y: height - 6, "text-anchor": "end" });
  axis.textContent = `step (of ${steps.toLocaleString("en")})`;
  svg.append(axis);
  svg.append(node("path", { class: "capstone-line-reference", d: path(movingAverage(reference)) }));
  if (losses.length) {
    svg.append(node("path", { class: "capstone-line-raw", d: path(losses) }));
    svg.append(node("path", { class: "capstone-line-average", d: path(movingAverage(losses)) }));
  }
  box.replaceChildren(svg);
}

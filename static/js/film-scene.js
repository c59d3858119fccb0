// Where a scene's items stand on the stage, and the arrows drawn between them.
// Layout is measured once per stage width; every frame then only draws.

import { KINDS } from "./film-kinds.js";
import { SMALL, last, svg, svgText } from "./film-svg.js";

// In SVG units.
export const PAD = 16; // around the stage's edge
const GAP = 28;
const ROW_GAP = 26;
const ARROW_GAP = 70;

// Items flow left to right in the order written, wrapping onto a new row when the stage
// is too narrow; two items joined by an arrow get room for it between them.
export function layoutScene(scene, sceneIndex, width, measure) {
  const inner = width - 2 * PAD;
  const arrows = scene.items.filter((item) => item.kind === "arrow");
  const joined = (a, b) => arrows.find((arrow) => a.item.id && b.item.id
    && ((arrow.from === a.item.id && arrow.to === b.item.id) || (arrow.from === b.item.id && arrow.to === a.item.id)));
  const blocks = [];
  scene.items.forEach((item, index) => {
    if (item.kind === "arrow" || !KINDS[item.kind]) return;
    const size = KINDS[item.kind].size(item, inner, measure);
    blocks.push({ item, key: itemKey(item, sceneIndex, index), ...size });
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

// One scale per chart for the whole film, so a chart that shrinks between scenes is seen to
// shrink. Only kinds that name a `sharedScaleFrom` get one.
export function sharedScales(scenes) {
  const scales = new Map();
  scenes.forEach((scene, s) => scene.items.forEach((item, index) => {
    const from = KINDS[item.kind]?.sharedScaleFrom;
    if (!from) return;
    const key = itemKey(item, s, index);
    const [lo, hi] = scales.get(key) || from;
    scales.set(key, [Math.min(lo, ...item.values), Math.max(hi, ...item.values)]);
  }));
  return scales;
}

// An item with an id is the same item in every scene that has it; others belong to one scene.
function itemKey(item, sceneIndex, index) {
  return item.id ? `id:${item.id}` : `scene${sceneIndex}:${index}`;
}

// An arrow from one item's edge to another's, along the line between their centres.
export function drawArrow(layer, arrow, views) {
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

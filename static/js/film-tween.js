// One frame between two scenes. What leaves fades out first, then what stays moves to its
// new place and state (numbers count, bars grow, a highlight slides), then new items arrive
// one after another, their numbers counting up from 0, so nothing crosses anything else.

import { clamp, mix } from "./film-svg.js";

export const TWEEN_MS = 1100;

const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** The views to draw at `t` (0 to 1) on the way from views `from` to views `to`. */
export function viewsBetween(from, to, t) {
  const before = new Map(from.map((view) => [view.key, view]));
  const after = new Set(to.map((view) => view.key));
  const leaving = from
    .filter((view) => !after.has(view.key))
    .map((view) => ({ ...view, opacity: 1 - clamp(t / 0.3) }));
  let entering = 0;
  const views = to.map((view) => {
    const old = before.get(view.key);
    if (old) return interpolate(old, view, ease(clamp((t - 0.05) / 0.45)));
    const local = ease(clamp((t - 0.5 - 0.1 * Math.min(entering++, 2)) / 0.3));
    const blank = { ...view, values: undefined, runs: [], filled: 0 };
    return { ...interpolate(blank, view, local), opacity: clamp(local * 1.6) };
  });
  views.arrows = to.arrows;
  return { views, leaving };
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

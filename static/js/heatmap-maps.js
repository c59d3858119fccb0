// The attention maps a heatmap shows, and where they come from.
//
// A map is {tokens: ["<BOS>", "e", ...], heads: [{scores: rows, weights: rows}, ...]}, with
// one entry per head; row t has t + 1 numbers: what position t gives positions 0..t (the
// start marker first).
//
// The preset names' maps are embedded in the page; any other name is computed by the page's
// Python (labkit.realmodel, through python-client.js).

import { getPython } from "./python-client.js";

/** The colour scale for one view of one head: weights always 0 to 1, scores their own range. */
export function scaleFor(view, ...rowSets) {
  if (view === "weights") return { min: 0, max: 1 };
  const values = rowSets.filter(Boolean).flat(2).filter(Number.isFinite);
  if (values.length === 0) return { min: 0, max: 1 };
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (max - min < 1e-12) {
    min -= 0.5;
    max += 0.5;
  }
  return { min, max };
}

export function rowsOf(maps, head, view) {
  return maps?.heads?.[head - 1]?.[view] ?? null;
}

/**
 * Ask the page's Python for the maps of `name`. `say(text)` reports the wait; `stillWanted()`
 * lets a caller that has moved on to another name skip the computation after Python loads.
 * Resolves to {maps}, {problem} (a sentence for the reader) or {abandoned: true}.
 */
export async function computeMaps(name, { say, stillWanted }) {
  const python = getPython();
  if (python.state === "error") python.retry();
  if (python.state === "loading") {
    say(`Python is still loading; “${name}” will appear as soon as it is ready.`);
    await python.loaded().catch(() => {}); // a failed load is reported just below
    if (!stillWanted()) return { abandoned: true };
  }
  say(`Computing “${name}”…`);
  let result;
  try {
    result = await python.attention(name);
  } catch (error) {
    return { problem: `“${name}” could not be computed: ${error.message}. The example names still work.` };
  }
  if (result?.status === "ok" && result.maps) return { maps: result.maps };
  return { problem: result?.summary || `“${name}” could not be computed.` };
}

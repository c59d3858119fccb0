// Entry point: starts a Heatmap (heatmap-widget.js) on every heatmap of the page
// (heatmap.html). The modules it imports start nothing by themselves; the lab's
// "Your code on the real model" panel (model-compare.js) imports the same pieces.

import { Heatmap } from "./heatmap-widget.js";

export function startHeatmaps(root = document) {
  for (const section of root.querySelectorAll("section[data-heatmap]")) {
    if (section.heatmap) continue;
    try {
      section.heatmap = new Heatmap(section);
    } catch (error) {
      // One broken heatmap must not take the rest of the page with it.
      console.error(`Heatmap ${section.id} could not start:`, error);
    }
  }
}

startHeatmaps();

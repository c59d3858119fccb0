// The film's picture: one SVG that shows a scene, or a frame on the way between two.
// It lays every scene out for the stage's width, and draws; the player decides when.

import { KINDS } from "./film-kinds.js";
import { PAD, drawArrow, layoutScene, sharedScales } from "./film-scene.js";
import { Measure, clamp, svg } from "./film-svg.js";
import { TWEEN_MS, viewsBetween } from "./film-tween.js";

// The stage is drawn at one of two widths and scaled to fit, so text stays close to its
// real size on a phone and on a desktop alike.
const WIDE = 720;
const NARROW = 360;
const WIDE_FROM_PX = 560;

export class FilmStage {
  constructor(section, element, scenes) {
    this.section = section;
    this.element = element;
    this.scenes = scenes;
    this.scales = sharedScales(scenes);
    this.measure = new Measure(section);
    this.width = null;
    this.tween = null;
    this.onScreen = [];
    section.querySelector("[data-film-fallback]")?.remove();
    this.svg = svg("svg", { class: "film-svg", role: "img", "aria-label": "" });
    this.layer = svg("g", {}, this.svg);
    element.prepend(this.svg);
  }

  /** Lay the scenes out again if the stage now needs the other width; shows scene `index`. */
  relayout(index) {
    const width = this.element.clientWidth >= WIDE_FROM_PX ? WIDE : NARROW;
    if (width === this.width) return;
    this.width = width;
    this.layouts = this.scenes.map((scene, i) => layoutScene(scene, i, width, this.measure));
    const tallest = Math.max(...this.layouts.map((layout) => layout.height));
    this.height = Math.ceil(tallest + 2 * PAD);
    this.svg.setAttribute("viewBox", `0 0 ${width} ${this.height}`);
    this.tween = null;
    this.draw(this.targetViews(index));
  }

  /** Show scene `index`, at once or (`animate`) over TWEEN_MS from what is on screen now. */
  show(index, animate) {
    const target = this.targetViews(index);
    const scene = this.scenes[index];
    this.svg.setAttribute("aria-label", `Scene ${index + 1} of ${this.scenes.length}: ${scene.caption}`);
    if (animate) {
      this.tween = { from: this.onScreen, to: target, start: performance.now() };
      this.section.dataset.animating = "true";
    } else {
      this.tween = null;
      this.draw(target);
    }
  }

  get animating() {
    return this.tween !== null;
  }

  /** Draw the frame of the running change of scene at time `now`. */
  drawTween(now) {
    const { from, to, start } = this.tween;
    const t = clamp((now - start) / TWEEN_MS);
    if (t >= 1) {
      this.finishTween();
      return;
    }
    const { views, leaving } = viewsBetween(from, to, t);
    this.draw(views, leaving);
  }

  finishTween() {
    if (!this.tween) return;
    const { to } = this.tween;
    this.tween = null;
    this.draw(to);
  }

  targetViews(index) {
    const layout = this.layouts[index];
    const top = (this.height - layout.height) / 2;
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
}

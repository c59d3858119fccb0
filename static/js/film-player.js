// The film player: a lesson's short film, drawn as SVG from the JSON the build wrote
// (site_builder/films.py resolves every number; see film.html for the markup).
//
// The film is a timeline of scenes. The player keeps the time, plays and pauses, and
// decides which scene shows; FilmStage draws it (animating the change of scene unless the
// reader prefers reduced motion) and FilmControls shows where the film is.

import { FilmControls } from "./film-controls.js";
import { FilmStage } from "./film-stage.js";
import { clamp } from "./film-svg.js";

const MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
const LONGEST_FRAME_S = 0.25; // after a stall (a hidden tab), jump this far at most

export class FilmPlayer {
  /** Start the film in `section` (a [data-film] element of film.html). */
  constructor(section) {
    this.section = section;
    this.scenes = JSON.parse(section.querySelector("[data-film-data]").textContent).scenes;
    this.starts = [];
    let start = 0;
    for (const scene of this.scenes) {
      this.starts.push(start);
      start += scene.duration;
    }
    this.total = start;
    this.time = 0;
    this.sceneIndex = 0;
    this.playing = false;
    this.speed = 1;
    this.started = false;
    this.frameRequest = null;
    this.lastFrame = null;
    this.controls = new FilmControls(section, this);
    this.stage = new FilmStage(section, this.controls.stage, this.scenes);
    this.controls.reveal();
    section.dataset.ready = "true";
    this.controls.bind();
    MOTION.addEventListener("change", () => this.setMotion());
    new ResizeObserver(() => this.relayout()).observe(this.controls.stage);
    this.relayout();
    this.show(0, false);
    this.controls.update();
    this.setMotion();
  }

  // ----- Time -----

  startOf(index) {
    return this.starts[index];
  }

  sceneAt(time) {
    let index = 0;
    while (index + 1 < this.scenes.length && this.starts[index + 1] <= time + 1e-9) index += 1;
    return index;
  }

  setTime(time, animate) {
    this.time = clamp(time, 0, this.total);
    const index = this.sceneAt(this.time);
    if (index !== this.sceneIndex) this.show(index, animate);
    this.controls.update();
  }

  play() {
    if (this.time >= this.total - 1e-6) this.setTime(0, false);
    this.playing = true;
    this.started = true;
    this.controls.update();
    this.requestFrame();
  }

  pause() {
    this.playing = false;
    this.controls.update();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  replay() {
    this.setTime(0, true);
    this.play();
  }

  step(direction) {
    const index = clamp(this.sceneIndex + direction, 0, this.scenes.length - 1);
    if (index === this.sceneIndex) return;
    this.started = true;
    this.setTime(this.starts[index], true);
  }

  seek(time) {
    this.started = true;
    this.setTime(time, false);
  }

  requestFrame() {
    if (this.frameRequest === null) this.frameRequest = requestAnimationFrame((now) => this.frame(now));
  }

  frame(now) {
    this.frameRequest = null;
    const elapsed = this.lastFrame === null ? 0 : Math.min(LONGEST_FRAME_S, (now - this.lastFrame) / 1000);
    this.lastFrame = now;
    if (this.playing) {
      this.setTime(this.time + elapsed * this.speed, true);
      if (this.time >= this.total) this.pause();
    }
    if (this.stage.animating) this.stage.drawTween(now);
    if (this.playing || this.stage.animating) this.requestFrame();
    else this.lastFrame = null;
  }

  // ----- Scenes -----

  relayout() {
    this.controls.fitCaptions();
    this.stage.relayout(this.sceneIndex);
  }

  show(index, animate) {
    this.sceneIndex = index;
    this.controls.showScene(index);
    this.section.dataset.scene = String(index + 1);
    this.stage.show(index, animate && !this.reduced);
    if (this.stage.animating) this.requestFrame();
  }

  setMotion() {
    this.reduced = MOTION.matches;
    this.section.dataset.motion = this.reduced ? "reduced" : "full";
    if (this.reduced) this.stage.finishTween();
  }
}

// The film's controls: the buttons, scrubber, speed, captions and keys around the picture.
// They read and steer a FilmPlayer; the markup is film.html's.

// Each key the film answers, and the form controls that keep that key for themselves.
// A range input does nothing with Space, so on the scrubber Space still plays and pauses.
const ARROW_KEEPERS = "input, select, textarea, summary";
const SPACE_KEEPERS = "button, a, select, textarea, summary";
const KEYS = {
  " ": { keptBy: SPACE_KEEPERS, act: (player) => player.toggle() },
  ArrowRight: { keptBy: ARROW_KEEPERS, act: (player) => player.step(1) },
  ArrowLeft: { keptBy: ARROW_KEEPERS, act: (player) => player.step(-1) },
  Home: { keptBy: ARROW_KEEPERS, act: (player) => player.setTime(0, true) },
  End: { keptBy: ARROW_KEEPERS, act: (player) => player.setTime(player.startOf(player.scenes.length - 1), true) },
};

export function formatTime(seconds) {
  const whole = Math.floor(seconds + 1e-6);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export class FilmControls {
  constructor(section, player) {
    this.section = section;
    this.player = player;
    this.dragging = false;
    const q = (selector) => section.querySelector(selector);
    this.stage = q("[data-film-stage]");
    this.bigPlay = q('[data-action="big-play"]');
    this.captionBox = q("[data-caption-box]");
    this.caption = q("[data-caption]");
    this.sceneCount = q("[data-scene-count]");
    this.playButton = q('[data-action="play"]');
    this.previousButton = q('[data-action="previous"]');
    this.nextButton = q('[data-action="next"]');
    this.replayButton = q('[data-action="replay"]');
    this.captionsButton = q('[data-action="captions"]');
    this.scrubber = q("[data-scrubber]");
    this.timeText = q("[data-time]");
    this.speedSelect = q("[data-speed]");
  }

  /** Show the controls (hidden until JavaScript runs) and put a tick where each scene starts. */
  reveal() {
    const { player } = this;
    this.section.querySelector("[data-film-controls]").hidden = false;
    this.section.querySelector("[data-film-keys]").hidden = false;
    this.bigPlay.hidden = false;
    this.section.querySelectorAll("[data-tick]").forEach((tick) => {
      tick.style.left = `${(player.startOf(Number(tick.dataset.tick)) / player.total) * 100}%`;
    });
  }

  bind() {
    const { player } = this;
    const on = (element, event, handler) => element.addEventListener(event, handler);
    on(this.playButton, "click", () => player.toggle());
    on(this.bigPlay, "click", (event) => {
      event.stopPropagation();
      player.play();
      this.stage.focus({ preventScroll: true });
    });
    on(this.previousButton, "click", () => player.step(-1));
    on(this.nextButton, "click", () => player.step(1));
    on(this.replayButton, "click", () => player.replay());
    on(this.captionsButton, "click", () => this.toggleCaptions());
    on(this.speedSelect, "change", () => { player.speed = Number(this.speedSelect.value) || 1; });
    on(this.scrubber, "input", () => player.seek(Number(this.scrubber.value)));
    // While the reader drags the scrubber, playing must not pull the thumb from under them.
    on(this.scrubber, "pointerdown", () => { this.dragging = true; });
    on(document, "pointerup", () => { this.dragging = false; });
    on(this.stage, "click", () => player.toggle());
    on(this.section, "keydown", (event) => this.key(event));
  }

  /** The caption and scene count of scene `index`. */
  showScene(index) {
    const scenes = this.player.scenes;
    // The caption is a live region: set it only when it changes, so it is read once.
    if (this.caption.textContent !== scenes[index].caption) this.caption.textContent = scenes[index].caption;
    this.sceneCount.textContent = `Scene ${index + 1} of ${scenes.length}`;
  }

  update() {
    const { playing, started, sceneIndex, scenes, time, total } = this.player;
    this.section.dataset.playing = String(playing);
    this.playButton.setAttribute("aria-label", playing ? "Pause" : "Play");
    this.playButton.title = playing ? "Pause (Space)" : "Play (Space)";
    this.bigPlay.hidden = started;
    this.previousButton.disabled = sceneIndex === 0;
    this.nextButton.disabled = sceneIndex === scenes.length - 1;
    if (!this.dragging) this.scrubber.value = time.toFixed(1);
    const position = `${formatTime(time)} of ${formatTime(total)}`;
    this.scrubber.setAttribute("aria-valuetext", `${position}, scene ${sceneIndex + 1} of ${scenes.length}`);
    this.timeText.textContent = `${formatTime(time)} / ${formatTime(total)}`;
  }

  toggleCaptions() {
    const on = this.captionsButton.getAttribute("aria-pressed") !== "true";
    this.captionsButton.setAttribute("aria-pressed", String(on));
    this.captionBox.hidden = !on;
  }

  // The caption box keeps the height of the longest caption, so the page does not jump
  // between scenes. The captions are measured in a hidden copy: changing the live caption
  // itself would make screen readers announce every one of them.
  fitCaptions() {
    const width = this.captionBox.clientWidth;
    if (!width) return;
    const probe = this.captionBox.cloneNode(true);
    probe.setAttribute("aria-hidden", "true");
    probe.querySelectorAll("[aria-live]").forEach((element) => element.removeAttribute("aria-live"));
    Object.assign(probe.style, { position: "absolute", visibility: "hidden", width: `${width}px`, minHeight: "" });
    this.captionBox.after(probe);
    const text = probe.querySelector("[data-caption]");
    let tallest = 0;
    for (const scene of this.player.scenes) {
      text.textContent = scene.caption;
      tallest = Math.max(tallest, probe.getBoundingClientRect().height);
    }
    probe.remove();
    this.captionBox.style.minHeight = `${Math.ceil(tallest)}px`;
  }

  // Keys work only while focus is inside the film; form controls keep their own keys.
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const binding = KEYS[event.key];
    const target = event.target;
    if (!binding || target.matches(binding.keptBy) || target.closest("details")) return;
    binding.act(this.player);
    this.player.started = true;
    this.update();
    event.preventDefault();
  }
}

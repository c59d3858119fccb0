// What the lab's model panels share ("Run on the model", the drop-in, the names sampler): the
// panel stays locked until the lab is passed, then builds its controls once, and its button
// follows whether Python could take a request. A panel sets up its own fields after super(),
// and writes build() and refreshButton().

export class LockedPanel {
  /** `part`: the data-attribute stem of the locked note and the body ("model" or "names"). */
  constructor(panel, { run, part = "model" }) {
    this.panel = panel;
    this.run = run; // (...) -> Promise of the result (see python-client.js)
    this.canRun = false;
    this.running = false;
    this.locked = panel.querySelector(`[data-${part}-locked]`);
    this.body = panel.querySelector(`[data-${part}-body]`);
  }

  /** The lab is passed (now or earlier): show the panel's controls. */
  unlock() {
    if (this.built) return;
    this.built = true;
    this.build();
    this.locked.hidden = true;
    this.body.hidden = false;
    this.refreshButton();
  }

  /** Whether Python could take a request now (called by the lab whenever its state changes). */
  update(canRun) {
    this.canRun = canRun;
    this.refreshButton();
  }
}

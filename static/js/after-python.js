// The lesson's widgets (films, heatmaps, questions, charts, the course map) start once the page's
// Python has: on a lab's page, the learner waits for Python, and on a machine of two cores the
// widgets' first layout and drawing would take the cores Python restores itself on (a second
// visit is ready in about 0.44 s instead of 0.53 s on the course's bench machine).
//
//   await afterPython();   // at the top of a widget's entry module, before it starts anything
//
// They wait for no more than that: on a page with no lab at once; otherwise until Python is
// ready (or has failed), the learner scrolls, clicks, taps or presses a key (a widget they
// reach for starts before their click lands), or LONGEST_WAIT_MS have passed since the page
// began to load, whichever comes first. A first visit, whose Python takes seconds to download,
// waits for the deadline.

const LONGEST_WAIT_MS = 1_000;
const INTERACTIONS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"];

let settled = null;

export function afterPython() {
  settled ??= new Promise((resolve) => {
    const lab = document.querySelector("[data-python-state]");
    if (!lab || lab.dataset.pythonState !== "loading") {
      resolve();
      return;
    }
    const watcher = new MutationObserver(() => {
      if (lab.dataset.pythonState !== "loading") done();
    });
    const timer = setTimeout(done, Math.max(0, LONGEST_WAIT_MS - performance.now()));
    const options = { capture: true, passive: true };
    function done() {
      watcher.disconnect();
      clearTimeout(timer);
      for (const type of INTERACTIONS) removeEventListener(type, done, options);
      resolve();
    }
    watcher.observe(lab, { attributes: true, attributeFilter: ["data-python-state"] });
    for (const type of INTERACTIONS) addEventListener(type, done, options);
  });
  return settled;
}

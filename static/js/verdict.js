// A lab's verdict: what Check found, short enough to read where the learner is looking.
//
// The box (role="status") starts with its summary ("All checks passed (8 of 8)…", "2 of 8
// checks failed."). Below it, the first failing check is open with its whole message (or the
// traceback, when the code itself raised); every other failing check is one line, its name,
// opened with a button. A folded message is only out of sight: it stays in the status for
// screen readers, so the verdict still lists every failing check with its message.
// A line beside Run / Check / Stop repeats the summary and leads back to the box.

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Verdict {
  constructor(box, link) {
    this.box = box;
    this.link = link;
    this.link?.addEventListener("click", (event) => {
      event.preventDefault();
      if (this.box.dataset.status) this.reveal();
    });
  }

  clear() {
    this.box.replaceChildren();
    delete this.box.dataset.status;
    this.setLink(null, "");
  }

  // While the checks run: the toolbar says so, and the box stays empty until there is news.
  checking() {
    this.clear();
    this.setLink("checking", "Checking…");
  }

  // `line` is what the toolbar says: the summary's first sentence, unless given.
  show(status, summary, details = [], line = summary.split(/\.(?:\s|$)/)[0]) {
    this.box.dataset.status = status;
    this.box.replaceChildren(element("p", "verdict-summary", summary), ...details);
    this.setLink(status, line);
  }

  showCheck(result) {
    const checks = Array.isArray(result.checks) ? result.checks : [];
    if (result.status === "passed") {
      // Our own wording, so the status always starts the way the page contract promises.
      const line = `All checks passed (${checks.length} of ${checks.length})`;
      this.show("passed", `${line}. Well done!`, [this.passedList(checks, `The ${checks.length} checks`)], line);
      return;
    }
    const details = [];
    // Sentences labkit adds about the whole run (prints made while the checks called the code, say).
    for (const note of Array.isArray(result.notes) ? result.notes : []) details.push(element("p", "verdict-note", String(note)));
    // The traceback leads only when nothing could be checked; when the checks ran despite a
    // top-level error, the first failing check says more (the traceback is in Output too).
    const stoppedEverything = result.status === "error";
    if (result.error && stoppedEverything) details.push(element("pre", "verdict-traceback", capped(result.error.text || result.error.message)));
    const failing = checks.filter((check) => !check.passed);
    if (failing.length) {
      const list = element("ul", "verdict-checks");
      failing.forEach((check, index) => list.append(this.failedItem(check, index, index === 0 && !(result.error && stoppedEverything))));
      details.push(list);
    }
    const passing = checks.filter((check) => check.passed);
    if (passing.length) details.push(this.passedList(passing, `${passing.length} passed`));
    const status = result.status === "error" ? "error" : "failed";
    this.show(status, result.summary || (status === "error" ? "Your code raised an error." : "Some checks failed."), details);
  }

  failedItem(check, index, open) {
    const messageId = `${this.box.id}-check-${index + 1}`;
    const item = element("li", "verdict-check");
    item.dataset.passed = "false";
    const name = element("span", "verdict-check-name", check.name);
    if (!check.message) {
      item.append(name);
      return item;
    }
    const toggle = element("button", "verdict-check-toggle");
    toggle.type = "button";
    toggle.append(name);
    item.append(toggle);
    const message = element("span", "verdict-check-message", capped(check.message));
    message.id = messageId;
    toggle.setAttribute("aria-controls", messageId);
    item.append(element("span", "visually-hidden", ": "), message);
    const setOpen = (isOpen) => {
      toggle.setAttribute("aria-expanded", String(isOpen));
      item.dataset.open = String(isOpen);
      message.classList.toggle("visually-hidden", !isOpen);
    };
    toggle.addEventListener("click", () => setOpen(item.dataset.open !== "true"));
    setOpen(open);
    return item;
  }

  passedList(checks, label) {
    const details = element("details", "verdict-passed");
    const list = element("ul", "verdict-checks");
    for (const check of checks) {
      const item = element("li", "verdict-check", check.name);
      item.dataset.passed = "true";
      list.append(item);
    }
    details.append(element("summary", "verdict-passed-summary", label), list);
    return details;
  }

  setLink(status, text) {
    if (!this.link) return;
    this.link.textContent = text;
    if (status) this.link.dataset.status = status;
    else delete this.link.dataset.status;
    // Only a verdict to go to makes it a link (and a stop for Tab).
    if (status && status !== "checking") this.link.setAttribute("href", `#${this.box.id}`);
    else this.link.removeAttribute("href");
  }

  // Take the learner to the verdict: focus (so a screen reader and the keyboard start there)
  // and scroll it into view at once, since a smooth scroll would keep it out of sight a while.
  reveal() {
    this.box.focus({ preventScroll: true });
    this.box.scrollIntoView({ block: "nearest", behavior: "instant" });
  }
}

// The checker keeps its messages short; this is the page's own guard, so that no text from a
// run, however long, can take the page seconds to lay out.
const MAX_SHOWN = 4000;
function capped(text) {
  const whole = String(text ?? "");
  return whole.length <= MAX_SHOWN ? whole : `${whole.slice(0, MAX_SHOWN)}… (cut: ${whole.length.toLocaleString("en")} characters in all)`;
}

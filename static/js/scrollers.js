// Code blocks, tables and formulas that are wider than the page scroll sideways in their
// own box. A box that scrolls takes keyboard focus, so the arrow keys can scroll it too
// (WCAG 2.1.1); one that fits does not, so it adds no stop to the Tab order.

const BOXES = "main pre, main table, main .math-display";

function scrolls(box) {
  const style = getComputedStyle(box);
  const sideways = box.scrollWidth > box.clientWidth && /auto|scroll/.test(style.overflowX);
  const down = box.scrollHeight > box.clientHeight && /auto|scroll/.test(style.overflowY);
  return sideways || down;
}

function update(box) {
  if (scrolls(box)) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
}

// Boxes with a tabindex of their own, and the editor's, manage focus themselves.
const boxes = [...document.querySelectorAll(BOXES)].filter((box) => !box.hasAttribute("tabindex") && !box.closest(".lab-editor"));
const watcher = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target)));
boxes.forEach((box) => watcher.observe(box));

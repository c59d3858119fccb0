// The course map on every page: open beside the text on a wide screen, a "Course map"
// button on a narrow one; each lesson of the current module ticked once its labs pass,
// and the lesson being read remembered, so the overview can offer "Continue".

import { getProgress } from "./progress.js";

const WIDE = matchMedia("(min-width: 72rem)");

function openOnWideScreens(details) {
  const follow = () => { details.open = WIDE.matches; };
  follow();
  WIDE.addEventListener("change", follow);
}

function tickLessons(nav, progress) {
  for (const item of nav.querySelectorAll("[data-lesson-labs]")) {
    const labs = item.dataset.lessonLabs.split(" ").filter(Boolean);
    const passed = labs.length > 0 && labs.every((id) => progress.isPassed(id));
    item.dataset.passed = String(passed);
    // Words, not only a tick: the mark must not rely on a symbol or a colour.
    item.querySelector("[data-lesson-status]").textContent = passed ? (labs.length === 1 ? "lab passed" : "labs passed") : "";
  }
}

const nav = document.querySelector("[data-course-nav]");
if (nav) {
  const progress = getProgress();
  openOnWideScreens(nav);
  tickLessons(nav, progress);
  const current = nav.querySelector('[data-lesson-id] > a[aria-current="page"]')?.parentElement;
  if (current) progress.markVisited(current.dataset.lessonId);
  progress.addEventListener("change", () => tickLessons(nav, progress));
  addEventListener("pageshow", (event) => {
    if (event.persisted) {
      progress.refresh();
      tickLessons(nav, progress);
    }
  });
}

// Marks each passed lab in the course overview (and module pages) from the progress store.
// The mark is the word "Passed" with a tick, so it never relies on colour alone.

import { getProgress, showStorageNote } from "./progress.js";

function markPassedLabs() {
  const progress = getProgress();
  progress.refresh();
  showStorageNote(progress);
  for (const entry of document.querySelectorAll(".lab-mark[data-lab-id]")) {
    const passed = progress.isPassed(entry.dataset.labId);
    entry.dataset.passed = String(passed);
    const status = entry.querySelector("[data-lab-status]");
    if (status) status.textContent = passed ? "Passed" : "";
  }
}

// A new learner starts at the first lesson; a returning one continues where they left off.
function showJourney() {
  const journey = document.querySelector("[data-journey]");
  if (!journey) return;
  const progress = getProgress();
  const lastId = progress.lastVisited();
  const last = lastId && document.querySelector(`.lesson-item[data-lesson-id="${CSS.escape(lastId)}"] > .lesson-item-title`);
  const link = journey.querySelector("[data-journey-link]");
  if (last) {
    link.href = last.href;
    link.textContent = `Continue: ${last.textContent.trim()}`;
  }
  const labs = new Set([...document.querySelectorAll(".lab-mark[data-lab-id]")].map((entry) => entry.dataset.labId));
  const passed = [...labs].filter((id) => progress.isPassed(id)).length;
  journey.querySelector("[data-labs-passed]").textContent =
    passed === 0 ? `${labs.size} labs to pass, each in your browser.` : `You have passed ${passed} of ${labs.size} labs.`;
}

markPassedLabs();
showJourney();
// Coming back with the Back button can show a cached page; progress may have changed since.
addEventListener("pageshow", (event) => {
  if (event.persisted) {
    markPassedLabs();
    showJourney();
  }
});

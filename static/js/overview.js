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

markPassedLabs();
// Coming back with the Back button can show a cached page; progress may have changed since.
addEventListener("pageshow", (event) => {
  if (event.persisted) markPassedLabs();
});

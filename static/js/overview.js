// Marks each passed lab in the course overview (and module pages) from the progress store.
// The mark is the word "Passed" with a tick, so it never relies on colour alone.

import { getProgress, showStorageNote } from "./progress.js";
import { ProgressFileError } from "./progress-file.js";

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

// Save the progress to a file, or add a saved file's progress to this browser's.
function wireProgressFile() {
  const section = document.querySelector("[data-progress-file]");
  if (!section) return;
  const progress = getProgress();
  const status = section.querySelector("[data-progress-file-status]");
  const input = section.querySelector("[data-progress-input]");
  const say = (text, problem = false) => {
    status.textContent = text;
    status.classList.toggle("is-problem", problem);
  };
  section.querySelector("[data-progress-save]").addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([progress.exportText()], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: `zero-to-microgpt-progress-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say("Saved. Load that file on the other browser's copy of this page to carry your progress there.");
  });
  section.querySelector("[data-progress-load]").addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const [file] = input.files;
    input.value = ""; // the same file may be chosen again
    if (!file) return;
    try {
      const { passed, drafts } = progress.importText(await file.text());
      say(`Loaded “${file.name}”: ${passed} labs passed and your code for ${drafts} labs are in this browser now.`);
      markPassedLabs();
      showJourney();
    } catch (error) {
      if (!(error instanceof ProgressFileError)) throw error;
      say(`${error.message} Nothing was changed.`, true);
    }
  });
}

markPassedLabs();
showJourney();
wireProgressFile();
// Coming back with the Back button can show a cached page; progress may have changed since.
addEventListener("pageshow", (event) => {
  if (event.persisted) {
    markPassedLabs();
    showJourney();
  }
});

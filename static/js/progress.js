// The progress store: drafts, passed labs, hints seen and questions answered, in one versioned localStorage key.
//
// Storage can be missing (privacy modes), full, or hold something we cannot read. None of
// that may break a page: we fall back to memory and say, once, that progress will not be kept.

import { PROGRESS_KEY } from "./course-constants.js";
import { mergedProgress, progressFileText, readProgressFile } from "./progress-file.js";

function emptyProgress() {
  return { version: 1, drafts: {}, passed: {}, hints: {}, answers: {}, visited: {} };
}

// Keep only entries of the right shape, so one bad value cannot poison the rest.
function cleaned(data) {
  const clean = emptyProgress();
  for (const [id, code] of Object.entries(data.drafts ?? {})) {
    if (typeof code === "string") clean.drafts[id] = code;
  }
  for (const [id, when] of Object.entries(data.passed ?? {})) {
    if (typeof when === "string") clean.passed[id] = when;
  }
  for (const [id, count] of Object.entries(data.hints ?? {})) {
    if (Number.isInteger(count) && count > 0) clean.hints[id] = count;
  }
  for (const field of ["answers", "visited"]) {
    for (const [id, when] of Object.entries(data[field] ?? {})) {
      if (typeof when === "string") clean[field][id] = when;
    }
  }
  return clean;
}

function isProgressShape(data) {
  return (
    data !== null &&
    typeof data === "object" &&
    !Array.isArray(data) &&
    data.version === 1 &&
    ["drafts", "passed", "hints", "answers", "visited"].every(
      (field) => data[field] === undefined || (typeof data[field] === "object" && data[field] !== null && !Array.isArray(data[field])),
    )
  );
}

class ProgressStore extends EventTarget {
  constructor() {
    super();
    this.problem = null; // a sentence for the learner when progress cannot be kept
    this.memory = emptyProgress();
    this.persistent = false;
    this.load();
  }

  load() {
    let raw;
    try {
      raw = window.localStorage.getItem(PROGRESS_KEY);
      this.persistent = true;
    } catch {
      this.fail("Your browser is not letting this site save anything, so your code and progress will not be kept after you leave.");
      return;
    }
    if (raw === null) return;
    try {
      const data = JSON.parse(raw);
      if (!isProgressShape(data)) throw new Error("unexpected shape");
      this.memory = cleaned(data);
    } catch {
      // We do not overwrite what we cannot read: it may be a newer version's data.
      this.fail("Your saved progress could not be read, so this page starts fresh and will not save changes.", { offerReset: true });
    }
  }

  // Pick up changes made in another tab or before a page came back from the back/forward cache.
  refresh() {
    if (!this.persistent) return;
    try {
      const data = JSON.parse(window.localStorage.getItem(PROGRESS_KEY) ?? "null");
      if (isProgressShape(data)) this.memory = cleaned(data);
    } catch {
      // Unreadable now: keep what we had.
    }
  }

  fail(message, { offerReset = false } = {}) {
    this.persistent = false;
    this.problem = message;
    this.offerReset = offerReset;
    this.dispatchEvent(new Event("problem"));
  }

  // Re-read before each write so two open tabs do not undo each other's progress.
  // `quiet`: a write that may fail without a word (where the learner was reading is no work of theirs).
  update(change, { quiet = false } = {}) {
    if (this.persistent) {
      try {
        const raw = window.localStorage.getItem(PROGRESS_KEY);
        if (raw !== null) {
          const data = JSON.parse(raw);
          if (isProgressShape(data)) this.memory = cleaned(data);
        }
      } catch {
        // Keep what we have in memory; the write below reports any real trouble.
      }
    }
    change(this.memory);
    // Widgets on the page (the course map's ticks, say) follow what changed.
    this.dispatchEvent(new Event("change"));
    if (!this.persistent) return;
    try {
      window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(this.memory));
    } catch {
      if (!quiet) this.fail("Your browser's storage for this site is full or blocked, so new progress will not be kept after you leave.");
    }
  }

  // Forget unreadable saved progress and start saving again (the learner asked for it).
  resetStorage() {
    try {
      window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(this.memory));
      this.persistent = true;
      this.problem = null;
      this.dispatchEvent(new Event("problem"));
    } catch {
      this.fail("Your browser's storage for this site is full or blocked, so progress will not be kept after you leave.");
    }
  }

  draft(labId) {
    return Object.hasOwn(this.memory.drafts, labId) ? this.memory.drafts[labId] : null;
  }

  saveDraft(labId, code) {
    this.update((data) => { data.drafts[labId] = code; });
  }

  forgetDraft(labId) {
    this.update((data) => { delete data.drafts[labId]; });
  }

  isPassed(labId) {
    return Object.hasOwn(this.memory.passed, labId);
  }

  passedLabs() {
    return { ...this.memory.passed };
  }

  // The first pass is the one we remember; a later pass does not move the date.
  markPassed(labId) {
    this.update((data) => { data.passed[labId] ??= new Date().toISOString(); });
  }

  hintsShown(labId) {
    return this.memory.hints[labId] ?? 0;
  }

  setHintsShown(labId, count) {
    this.update((data) => { data.hints[labId] = count; });
  }

  isAnswered(questionId) {
    return Object.hasOwn(this.memory.answers, questionId);
  }

  markVisited(lessonId) {
    this.update((data) => { data.visited[lessonId] = new Date().toISOString(); }, { quiet: true });
  }

  // The lesson the learner opened last, to continue from; null for a new learner.
  lastVisited() {
    const visits = Object.entries(this.memory.visited).sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
    return visits.length ? visits.at(-1)[0] : null;
  }

  // The text of a file that carries this progress to another browser (progress-file.js).
  exportText() {
    this.refresh();
    return progressFileText(this.memory);
  }

  // Adds a saved file's progress to this browser's; throws ProgressFileError (and changes
  // nothing) for a file it cannot trust. Returns how many labs are passed and drafted now.
  importText(text) {
    const brought = readProgressFile(text);
    this.update((data) => Object.assign(data, mergedProgress(cleaned(data), brought)));
    return { passed: Object.keys(this.memory.passed).length, drafts: Object.keys(this.memory.drafts).length };
  }

  // Like a passed lab: the first right answer is the one we remember.
  markAnswered(questionId) {
    this.update((data) => { data.answers[questionId] ??= new Date().toISOString(); });
  }
}

let store = null;

// One store per page, shared by every widget on it.
export function getProgress() {
  store ??= new ProgressStore();
  return store;
}

// A small note at the top of <main> while progress cannot be kept. Safe to call from every widget.
export function showStorageNote(progress = getProgress()) {
  const render = () => {
    let note = document.querySelector("[data-storage-note]");
    if (!progress.problem) {
      note?.remove();
      return;
    }
    if (!note) {
      note = document.createElement("p");
      note.className = "storage-note";
      note.dataset.storageNote = "";
      note.setAttribute("role", "status");
      (document.querySelector("main") ?? document.body).prepend(note);
    }
    note.replaceChildren(document.createTextNode(progress.problem));
    if (progress.offerReset) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button button-small";
      button.textContent = "Start saving again (forgets the unreadable progress)";
      button.addEventListener("click", () => progress.resetStorage());
      note.append(" ", button);
    }
  };
  if (!progress.noteWatched) {
    progress.noteWatched = true;
    progress.addEventListener("problem", render);
  }
  render();
}

// Progress in a file: what a learner saves to take their drafts and passed labs to another
// browser or machine, and the reading of such a file, which refuses anything it cannot
// trust with a sentence that says why (and then nothing at all is changed).
//
//   progressFileText(memory, now)   -> the text of the file
//   readProgressFile(text)          -> the progress it holds (in progress.js's shape), or throws
//                                      ProgressFileError with the sentence to show
//   mergedProgress(here, brought)   -> what to keep: both, the file's drafts winning

const KIND = "zero-to-microgpt progress";
const VERSION = 1;
const FIELDS = ["drafts", "passed", "hints", "answers", "visited"];
const MAX_BYTES = 20 * 2 ** 20; // far more than every draft of every lab; a bigger file is something else

export class ProgressFileError extends Error {}

export function progressFileText(memory, now = new Date()) {
  return JSON.stringify({ kind: KIND, version: VERSION, saved: now.toISOString(), progress: memory }, null, 1) + "\n";
}

const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

export function readProgressFile(text) {
  if (typeof text !== "string" || text.length > MAX_BYTES) {
    throw new ProgressFileError("That file is too big to be a progress file from this course.");
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProgressFileError("That file is not a progress file: it is not the JSON this course saves.");
  }
  if (!isRecord(data) || data.kind !== KIND) {
    throw new ProgressFileError("That file is not a progress file from this course (use “Save progress to a file” here to make one).");
  }
  if (data.version !== VERSION) {
    throw new ProgressFileError(`That progress file is from another version of the course (version ${String(data.version)}; this one reads ${VERSION}).`);
  }
  const saved = data.progress;
  if (!isRecord(saved) || !FIELDS.every((field) => saved[field] === undefined || isRecord(saved[field]))) {
    throw new ProgressFileError("That progress file is damaged: its progress is not laid out as this course saves it.");
  }
  // Every entry is checked, and one bad entry spoils the file: a half-read file would lose
  // work without saying so.
  const progress = { version: 1 };
  const entries = (field, valid) => {
    const kept = {};
    for (const [id, value] of Object.entries(saved[field] ?? {})) {
      if (!valid(value)) throw new ProgressFileError(`That progress file is damaged: its ${field} entry for “${id}” is not what this course saves.`);
      kept[id] = value;
    }
    progress[field] = kept;
  };
  const isText = (value) => typeof value === "string";
  const isTime = (value) => isText(value) && !Number.isNaN(Date.parse(value));
  entries("drafts", isText);
  entries("passed", isTime);
  entries("hints", (value) => Number.isInteger(value) && value > 0);
  entries("answers", isTime);
  entries("visited", isTime);
  return progress;
}

const earlier = (a, b) => (a === undefined ? b : b === undefined ? a : a < b ? a : b);
const later = (a, b) => (a === undefined ? b : b === undefined ? a : a > b ? a : b);

function mergeBy(here, brought, pick) {
  const merged = { ...here };
  for (const [id, value] of Object.entries(brought)) merged[id] = pick(here[id], value);
  return merged;
}

export function mergedProgress(here, brought) {
  return {
    version: 1,
    // The learner brought these drafts on purpose: they replace this browser's for the same labs.
    drafts: { ...here.drafts, ...brought.drafts },
    // A lab passed anywhere is passed; the first pass is the one remembered.
    passed: mergeBy(here.passed, brought.passed, earlier),
    hints: mergeBy(here.hints, brought.hints, (a, b) => Math.max(a ?? 0, b)),
    answers: mergeBy(here.answers, brought.answers, earlier),
    visited: mergeBy(here.visited, brought.visited, later),
  };
}

// The learner's capstone runs, kept in IndexedDB so a reload or a closed tab loses at most
// the steps since the last checkpoint. One record per preset ("quick", "full"): the state
// labkit.capstone hands back ({steps, step, params, m, v, losses}). A browser without
// IndexedDB (or one that refuses it) keeps the runs in memory and says so once.

const DB_NAME = "zero-to-microgpt-capstone";
const STORE = "runs";
const memory = new Map();
let opening = null;

function open() {
  opening ??= new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(DB_NAME, 1);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export async function persistent() {
  return (await open()) !== null;
}

export async function loadRun(preset) {
  const db = await open();
  if (!db) return memory.get(preset) ?? null;
  try {
    return (await done(db.transaction(STORE).objectStore(STORE).get(preset))) ?? null;
  } catch {
    return memory.get(preset) ?? null;
  }
}

export async function saveRun(preset, state) {
  memory.set(preset, state);
  const db = await open();
  if (!db) return false;
  try {
    await done(db.transaction(STORE, "readwrite").objectStore(STORE).put(state, preset));
    return true;
  } catch {
    return false; // full or refused: the run stays in memory for this visit
  }
}

export async function forgetRun(preset) {
  memory.delete(preset);
  const db = await open();
  if (db) await done(db.transaction(STORE, "readwrite").objectStore(STORE).delete(preset)).catch(() => {});
}

// The run to sample from: a finished full run, else a finished quick one, else the furthest.
export async function bestRun() {
  const runs = (await Promise.all(["full", "quick"].map(loadRun))).filter(Boolean);
  return runs.find((run) => run.step === run.steps) ?? runs.sort((a, b) => b.step - a.step)[0] ?? null;
}

// A picture of Python's memory (python-snapshot.js) is about 30 MB, and half of its pages hold
// nothing but zeros: memory Python reserved and has not used yet. Kept as it is, every start
// reads all of it from storage while the page, Pyodide and the service worker want the same
// cores. Packed, only the pages that hold something are kept, with where each run of them goes,
// and a label saying which Python it is of.
//
//   const packed = packPicture(bytes, label);    // a Uint8Array, about half the picture's size
//   const bytes = unpackPicture(packed, label);  // the picture again, byte for byte; null if it
//                                                // is damaged or has another label
//   labelOf(start)                               // the label, from the packed picture's first bytes
//
// Layout, as little-endian 32-bit numbers: "PKD1", the picture's length, the page size, the
// label's length in bytes, the number of runs; the label (UTF-8); then each run's first page
// and its number of pages; then the runs' bytes, in order. The last page may be short: it ends
// where the picture does.

const MAGIC = 0x31444b50; // "PKD1" as read from the first four bytes
const PAGE = 4096;
const HEAD = 20;
const RUN = 8;
const LONGEST_LABEL = 1024;

export function packPicture(bytes, label) {
  const runs = runsHoldingSomething(bytes);
  const labelBytes = new TextEncoder().encode(label);
  if (labelBytes.length > LONGEST_LABEL) throw new Error(`a picture's label is at most ${LONGEST_LABEL} bytes`);
  const table = HEAD + labelBytes.length;
  const head = table + runs.length * RUN;
  let kept = 0;
  for (const [first, count] of runs) kept += runEnd(first, count, bytes.length) - first * PAGE;
  const packed = new Uint8Array(head + kept);
  const view = new DataView(packed.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, PAGE, true);
  view.setUint32(12, labelBytes.length, true);
  view.setUint32(16, runs.length, true);
  packed.set(labelBytes, HEAD);
  let at = head;
  runs.forEach(([first, count], index) => {
    view.setUint32(table + index * RUN, first, true);
    view.setUint32(table + index * RUN + 4, count, true);
    const run = bytes.subarray(first * PAGE, runEnd(first, count, bytes.length));
    packed.set(run, at);
    at += run.length;
  });
  return packed;
}

// The label of the packed picture that begins with `start` (its first bytes are enough), or
// null when they are not the start of one.
export function labelOf(start) {
  if (!(start instanceof Uint8Array) || start.length < HEAD) return null;
  const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
  const labelLength = view.getUint32(12, true);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(8, true) !== PAGE || labelLength > LONGEST_LABEL) return null;
  if (HEAD + labelLength > start.length) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(start.subarray(HEAD, HEAD + labelLength));
  } catch {
    return null;
  }
}

// The picture `packed` holds, or null when its label is not `label` or it is not one
// packPicture wrote whole: a wrong start, runs out of order or past the picture's end, or
// bytes missing or left over.
export function unpackPicture(packed, label) {
  if (labelOf(packed) !== label) return null;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(4, true);
  const table = HEAD + view.getUint32(12, true);
  const runCount = view.getUint32(16, true);
  const head = table + runCount * RUN;
  if (head > packed.length) return null;
  let bytes;
  try {
    bytes = new Uint8Array(length); // zeros, as the pages left out were
  } catch {
    return null; // a length no picture has, and more memory than the browser will give
  }
  let at = head;
  let nextFree = 0; // the first page no earlier run covers
  for (let index = 0; index < runCount; index++) {
    const first = view.getUint32(table + index * RUN, true);
    const count = view.getUint32(table + index * RUN + 4, true);
    const start = first * PAGE;
    if (count === 0 || first < nextFree || start >= length) return null;
    const end = runEnd(first, count, length);
    if ((first + count - 1) * PAGE >= length || at + (end - start) > packed.length) return null;
    bytes.set(packed.subarray(at, at + (end - start)), start);
    at += end - start;
    nextFree = first + count;
  }
  return at === packed.length ? bytes : null;
}

function runEnd(first, count, length) {
  return Math.min((first + count) * PAGE, length);
}

// [first page, number of pages] of each run of pages that are not all zeros.
function runsHoldingSomething(bytes) {
  const words = wordsOf(bytes);
  const runs = [];
  const pages = Math.ceil(bytes.length / PAGE);
  for (let page = 0; page < pages; page++) {
    if (!holdsSomething(bytes, words, page)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  return runs;
}

// The picture read four bytes at a time, which is several times quicker than one at a time.
function wordsOf(bytes) {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return { aligned, words: new Uint32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 4)) };
}

function holdsSomething(bytes, { aligned, words }, page) {
  const start = page * PAGE;
  const end = Math.min(start + PAGE, bytes.length);
  const wholeWordsEnd = Math.min(end, words.length * 4);
  for (let word = start / 4; word < wholeWordsEnd / 4; word++) if (words[word] !== 0) return true;
  for (let index = wholeWordsEnd; index < end; index++) if (aligned[index] !== 0) return true;
  return false;
}

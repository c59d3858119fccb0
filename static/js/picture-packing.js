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
  const unpacking = new PictureUnpacking();
  unpacking.add(packed);
  if (!unpacking.finish()) return null;
  const picture = new Uint8Array(unpacking.length);
  unpacking.copyInto(picture);
  return picture;
}

// Unpacking as the packed bytes arrive, in pieces of any size (a stream's chunks). Once the
// first bytes are in, the picture's length and label are known: whoever needs room of that
// size can make it while the rest is read. The pages that hold something are kept as they
// came, and go straight to where the picture is wanted once it is whole (copyInto): never
// into a picture of their own first, which would be the whole memory's size.
//
//   const unpacking = new PictureUnpacking();
//   unpacking.add(piece);              // false once the bytes cannot be a packed picture
//   unpacking.started                  // the head is in: .label and .length are known
//   unpacking.finish();                // true once the picture is whole, as unpackPicture
//   unpacking.copyInto(memory, from);  // the picture's bytes from offset `from` on, into memory
//   unpacking.slice(start, end);       // the picture's bytes from start to end, as a new array
//   unpacking.release();               // its bytes let go of, once they are where they are wanted
export class PictureUnpacking {
  constructor() {
    this.label = null;
    this.length = 0;
    this.damaged = false;
    this.head = new Uint8Array(0); // the head's bytes, gathered until it is whole
    this.runs = []; // [start, end, where its bytes begin in `kept`], in the picture's order
    this.kept = null; // the bytes of every run, one after another, as they arrive
    this.filled = 0;
    this.released = false; // its bytes let go of (release), once they were where they were wanted
  }

  get started() {
    return this.kept !== null;
  }

  add(piece) {
    if (this.damaged) return false;
    const rest = this.started ? piece : this.addToHead(piece);
    if (this.started) this.fill(rest);
    return !this.damaged;
  }

  // Gathers the head's bytes from `piece`, and no more; once the head is whole, reads it and
  // makes room for the runs' bytes. Gives back the bytes of `piece` after the head, not copied.
  addToHead(piece) {
    let rest = piece;
    while (!this.started && !this.damaged && rest.length > 0) {
      const size = this.headSize();
      const taken = rest.subarray(0, size - this.head.length);
      const gathered = new Uint8Array(this.head.length + taken.length);
      gathered.set(this.head);
      gathered.set(taken, this.head.length);
      this.head = gathered;
      rest = rest.subarray(taken.length);
      if (this.head.length === size) this.readHead();
    }
    return rest;
  }

  // The head's size, as far as its bytes so far tell: the fixed part first, then with the
  // label and the table of runs that part announces (checked before they are gathered).
  headSize() {
    if (this.head.length < HEAD) return HEAD;
    const view = new DataView(this.head.buffer);
    return HEAD + view.getUint32(12, true) + view.getUint32(16, true) * RUN;
  }

  readHead() {
    const view = new DataView(this.head.buffer);
    const length = view.getUint32(4, true);
    const labelLength = view.getUint32(12, true);
    const runCount = view.getUint32(16, true);
    if (this.head.length === HEAD) {
      // Each run holds a page at least and no two share one: a count past that is not a table.
      const fits = view.getUint32(0, true) === MAGIC && view.getUint32(8, true) === PAGE && labelLength <= LONGEST_LABEL;
      if (!fits || runCount > Math.ceil(length / PAGE)) return this.refuse();
      if (this.headSize() > HEAD) return null; // the label and the table are still to come
    }
    this.label = labelOf(this.head);
    if (this.label === null) return this.refuse();
    const table = HEAD + labelLength;
    let nextFree = 0; // the first page no earlier run covers
    let keptBytes = 0;
    for (let index = 0; index < runCount; index++) {
      const first = view.getUint32(table + index * RUN, true);
      const count = view.getUint32(table + index * RUN + 4, true);
      if (count === 0 || first < nextFree || (first + count - 1) * PAGE >= length) return this.refuse();
      const [start, end] = [first * PAGE, runEnd(first, count, length)];
      this.runs.push([start, end, keptBytes]);
      keptBytes += end - start;
      nextFree = first + count;
    }
    try {
      this.kept = new Uint8Array(keptBytes);
    } catch {
      return this.refuse(); // more memory than the browser will give
    }
    this.length = length;
    this.head = null;
    return null;
  }

  fill(bytes) {
    if (this.filled + bytes.length > this.kept.length) return this.refuse(); // bytes left over
    this.kept.set(bytes, this.filled);
    this.filled += bytes.length;
    return null;
  }

  refuse() {
    this.damaged = true;
    this.kept = null;
    return null;
  }

  finish() {
    return !this.damaged && this.started && this.filled === this.kept.length;
  }

  // Puts the picture's bytes from offset `from` on at the start of `memory`, which must have
  // room for them: the pages that hold something are copied, and the pages of zeros between
  // them are made zeros where `memory` holds something else. Only once finish() is true.
  copyInto(memory, from = 0) {
    this.mustBeWhole();
    if (memory.length < this.length - from) throw new Error("no room for the picture");
    let zerosFrom = from; // where the zeros before the next run begin
    for (const [start, end, at] of this.runs) {
      if (end <= from) continue;
      const first = Math.max(start, from);
      clearWhereNotZero(memory, zerosFrom - from, first - from);
      memory.set(this.kept.subarray(at + first - start, at + end - start), first - from);
      zerosFrom = end;
    }
    clearWhereNotZero(memory, zerosFrom - from, this.length - from);
  }

  mustBeWhole() {
    if (this.released) throw new Error("the picture's bytes were let go of");
    if (!this.finish()) throw new Error("the picture is not whole yet");
  }

  // Lets go of the picture's bytes; copyInto and slice have none to give from then on.
  release() {
    this.kept = null;
    this.runs = [];
    this.released = true;
  }

  // The picture's bytes from `start` to `end` (cut at its end), in a new array. Only once
  // finish() is true.
  slice(start, end) {
    this.mustBeWhole();
    const stop = Math.min(end, this.length);
    const bytes = new Uint8Array(Math.max(0, stop - start));
    for (const [runStart, runStop, at] of this.runs) {
      const [first, last] = [Math.max(runStart, start), Math.min(runStop, stop)];
      if (first < last) bytes.set(this.kept.subarray(at + first - runStart, at + last - runStart), first - start);
    }
    return bytes;
  }
}

// Makes bytes[start, end) zeros, writing only the pages of it that are not zeros already:
// Python's memory, fresh from the browser, is zeros but for what its runtime set up as it
// began, and reading a page the runtime never wrote costs far less than writing it.
function clearWhereNotZero(bytes, start, end) {
  for (let at = start; at < end; at += PAGE) {
    const stop = Math.min(at + PAGE, end);
    if (holdsSomethingIn(bytes, at, stop)) bytes.fill(0, at, stop);
  }
}

function holdsSomethingIn(bytes, start, end) {
  let at = start;
  for (; at < end && (bytes.byteOffset + at) % 4 !== 0; at++) if (bytes[at] !== 0) return true;
  const count = (end - at) >> 2;
  if (count > 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + at, count);
    for (let index = 0; index < count; index++) if (words[index] !== 0) return true;
    at += count * 4;
  }
  for (; at < end; at++) if (bytes[at] !== 0) return true;
  return false;
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

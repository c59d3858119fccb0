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
  return unpacking.finish();
}

// Unpacking as the packed bytes arrive, in pieces of any size (a stream's chunks). Once the
// first bytes are in, the picture's length and label are known and the picture is made, zeros
// at first: whoever needs room of that size can have it while the rest is read. Each later
// piece is copied once, straight to its place in the picture.
//
//   const unpacking = new PictureUnpacking();
//   unpacking.add(piece);        // false once the bytes cannot be a packed picture
//   unpacking.picture            // once the head is in: the picture, filled as pieces arrive
//   unpacking.label, .length     // the same
//   unpacking.finish();          // the picture, whole; null as unpackPicture (the label aside)
export class PictureUnpacking {
  constructor() {
    this.picture = null;
    this.label = null;
    this.length = 0;
    this.damaged = false;
    this.head = new Uint8Array(0); // the head's bytes, gathered until it is whole
    this.runs = [];
    this.run = 0; // the run the next byte belongs to, and how far into it
    this.into = 0;
  }

  add(piece) {
    if (this.damaged) return false;
    const rest = this.picture ? piece : this.addToHead(piece);
    if (this.picture) this.fill(rest);
    return !this.damaged;
  }

  // Gathers the head's bytes from `piece`, and no more; once the head is whole, reads it and
  // makes the picture. Gives back the bytes of `piece` after the head, not copied.
  addToHead(piece) {
    let rest = piece;
    while (!this.picture && !this.damaged && rest.length > 0) {
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
    for (let index = 0; index < runCount; index++) {
      const first = view.getUint32(table + index * RUN, true);
      const count = view.getUint32(table + index * RUN + 4, true);
      if (count === 0 || first < nextFree || (first + count - 1) * PAGE >= length) return this.refuse();
      this.runs.push([first * PAGE, runEnd(first, count, length)]);
      nextFree = first + count;
    }
    try {
      this.picture = new Uint8Array(length); // zeros, as the pages left out were
    } catch {
      return this.refuse(); // a length no picture has, and more memory than the browser will give
    }
    this.length = length;
    this.head = null;
    return null;
  }

  fill(bytes) {
    let at = 0;
    while (at < bytes.length) {
      if (this.run >= this.runs.length) return this.refuse(); // bytes left over
      const [start, end] = this.runs[this.run];
      const take = Math.min(end - start - this.into, bytes.length - at);
      this.picture.set(bytes.subarray(at, at + take), start + this.into);
      at += take;
      this.into += take;
      if (start + this.into === end) {
        this.run += 1;
        this.into = 0;
      }
    }
    return null;
  }

  refuse() {
    this.damaged = true;
    this.picture = null;
    return null;
  }

  finish() {
    const whole = !this.damaged && this.picture !== null && this.run === this.runs.length;
    return whole ? this.picture : null;
  }
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

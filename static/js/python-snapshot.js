// A picture of Python's memory, taken once the checker is imported and before any learner code
// has run, kept in the browser's Cache Storage. Every later Python on this site (the spare
// each Run and Check takes, the next visit's first one) starts from it in a fraction of the
// time a full start takes.
//
//   const saved = await findSnapshot(key);     // { picture, read }, or null (none yet, or no Cache Storage)
//   saved.picture.length                       // its size, known before the rest is read
//   saved.picture.copyInto(memory, from)       // once `read` has fulfilled: its bytes from `from` on
//   saveSnapshot(key, bytes);                  // kept in the background, in place of any other picture
//   forgetSnapshot();                          // a picture that would not restore
//
// The key names everything the picture depends on: Pyodide's version, the standard library's
// zip (the picture holds where each module is in it) and the checker wheel's hash. The
// picture is kept packed (picture-packing.js: half the bytes to read at each start), labelled
// with its key, under one address: a Python looks for it and starts reading it at once,
// before its own key is known, and a picture labelled with another key (an earlier build's
// checker) is never restored, and is replaced by the next one taken.
// Only the worker reaches this module, and only before it locks itself down; the learner's
// code never can (the `caches` it holds here is captured, not looked up on the global scope).

import { PictureUnpacking, labelOf, packPicture } from "./picture-packing.js";

// Not under the offline cache's prefix: a new build's service worker deletes those, and this one
// outlives builds that keep the same checker.
const CACHE_NAME = "microgpt-course-python-memory";
const store = globalThis.caches ?? null;

// Beside the worker's own address, so two courses on one host keep a picture each.
const FOLDER = new URL("python-memory/", globalThis.location.href).href;
const ADDRESS = FOLDER + "picture";

export const canKeepSnapshots = store !== null;

export function snapshotKey(pyodideVersion, stdlibDigest, checkerHash) {
  return `pyodide-${pyodideVersion}-stdlib-${stdlibDigest}-checker-${checkerHash}`;
}

// The picture kept, as { picture, read }, or null when there is none. It is read as it
// arrives: `picture` (a PictureUnpacking, picture-packing.js) is there as soon as its first
// bytes are, with the picture's size, so Python's memory can be made that size and its runtime
// set up meanwhile; `read` settles once the picture is whole. It rejects, and the picture is
// forgotten, when the picture is damaged or labelled with another key than `key` (which may be
// a promise): nothing is to be read from `picture` (copyInto, slice) before `read` has fulfilled.
export async function findSnapshot(key) {
  if (!store) return null;
  let response;
  try {
    // Asked of the cache by name, not opened: on a first visit, opening would make the cache
    // (on disk, in a browser profile kept there) only to find nothing in it.
    response = await store.match(ADDRESS, { cacheName: CACHE_NAME });
  } catch {
    return null; // storage refused (a private window, a full disk): start the long way
  }
  if (!response?.body) return null;
  const reader = response.body.getReader();
  const unpacking = new PictureUnpacking();
  const more = async () => {
    const { done, value } = await reader.read();
    return !done && unpacking.add(value);
  };
  try {
    while (!unpacking.started && (await more()));
  } catch {
    // Storage failed while reading: as if nothing were kept.
  }
  if (!unpacking.started) {
    reader.cancel().catch(() => {});
    await forgetSnapshot();
    return null;
  }
  const read = (async () => {
    try {
      while (await more());
    } catch {
      // Read in part: refused below.
    }
    if (unpacking.finish() && unpacking.label === (await key) && looksLikeAPicture(unpacking)) return;
    reader.cancel().catch(() => {});
    await forgetSnapshot();
    throw new Error("the picture of Python's memory is damaged, or of another build's Python");
  })();
  read.catch(() => {}); // whoever restores hears of it; Pyodide may fail before it asks
  return { picture: unpacking, read };
}

// Pyodide's pictures begin "\0snp" and hold all of Python's memory (tens of megabytes); anything
// else was cut short or written by something other than this worker.
const MAGIC = [0x00, 0x73, 0x6e, 0x70];
const SMALLEST = 1_000_000;

function looksLikeAPicture(picture) {
  const start = picture.slice(0, MAGIC.length);
  return picture.length >= SMALLEST && MAGIC.every((byte, index) => start[index] === byte);
}

export function saveSnapshot(key, bytes) {
  if (!store) return Promise.resolve(false);
  const keeping = async () => {
    const cache = await store.open(CACHE_NAME);
    // Two Pythons started from scratch at once (the first and its spare) each offer a picture.
    // Putting again would gain nothing, and a browser may drop the kept copy while it writes
    // the new one, so a reader in between would find none.
    if ((await keptLabel(cache)) === key) return true;
    for (const request of await cache.keys()) {
      // Pictures an earlier version of this worker kept, one address per key.
      if (request.url.startsWith(FOLDER) && request.url !== ADDRESS) await cache.delete(request);
    }
    const packed = packPicture(bytes, key);
    const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(packed.byteLength) };
    await cache.put(ADDRESS, new Response(packed, { headers }));
    return true;
  };
  return keeping().catch(() => false);
}

// The label of the picture kept, read from its first bytes alone; null when there is none.
async function keptLabel(cache) {
  const response = await cache.match(ADDRESS);
  if (!response?.body) return null;
  const reader = response.body.getReader();
  try {
    const { value } = await reader.read();
    return labelOf(value);
  } finally {
    reader.cancel().catch(() => {});
  }
}

export async function forgetSnapshot() {
  if (!store) return;
  try {
    const cache = await store.open(CACHE_NAME);
    await cache.delete(ADDRESS);
  } catch {
    // Nothing to forget, or nowhere to forget it from.
  }
}

// A picture of Python's memory, taken once the checker is imported and before any learner code
// has run, kept in the browser's Cache Storage. Every later Python on this site (the spare
// each Run and Check takes, the next visit's first one) starts from it in a fraction of the
// time a full start takes.
//
//   const saved = await findSnapshot(key);     // { bytes: a promise of them }, or null (none yet, or no Cache Storage)
//   saveSnapshot(key, bytes);                  // kept in the background; older pictures are dropped
//   forgetSnapshot(key);                       // a picture that would not restore
//
// The key names everything the picture depends on: Pyodide's version and the checker wheel's
// hash. A new build with a new checker makes a new picture; the old one is deleted then.
// Only the worker reaches this module, and only before it locks itself down; the learner's
// code never can (the `caches` it holds here is captured, not looked up on the global scope).

// Not under the offline cache's prefix: a new build's service worker deletes those, and this one
// outlives builds that keep the same checker.
const CACHE_NAME = "microgpt-course-python-memory";
const store = globalThis.caches ?? null;

// Beside the worker's own address, so two courses on one host keep a picture each.
const FOLDER = new URL("python-memory/", globalThis.location.href).href;
const addressOf = (key) => FOLDER + encodeURIComponent(key);

export const canKeepSnapshots = store !== null;

export function snapshotKey(pyodideVersion, checkerHash) {
  return `pyodide-${pyodideVersion}-checker-${checkerHash}`;
}

// The picture kept under `key`, as { bytes }: a promise of its bytes to hand Pyodide
// (`_loadSnapshot` takes a promise, so reading 30 MB overlaps Pyodide's own start); null
// when there is none.
// Finding it reads no bytes. The promise rejects, and the picture is forgotten, when it is
// damaged: Pyodide is never handed one to restore.
// `key` may be a promise: the cache opens while the key is worked out.
export async function findSnapshot(key) {
  if (!store) return null;
  let response;
  const opening = store.open(CACHE_NAME);
  opening.catch(() => {}); // heard below, unless working out the key fails first
  key = await key;
  try {
    response = await (await opening).match(addressOf(key));
  } catch {
    return null; // storage refused (a private window, a full disk): start the long way
  }
  if (!response) return null;
  const bytes = response.arrayBuffer().then(async (buffer) => {
    const picture = new Uint8Array(buffer);
    if (looksLikeAPicture(picture)) return picture;
    await forgetSnapshot(key);
    throw new Error("the picture of Python's memory is damaged");
  });
  bytes.catch(() => {}); // whoever restores hears of it; Pyodide may fail before it asks
  return { bytes }; // wrapped: an async function returning the promise itself would wait for it
}

// Pyodide's pictures begin "\0snp" and hold all of Python's memory (tens of megabytes); anything
// else was cut short or written by something other than this worker.
const MAGIC = [0x00, 0x73, 0x6e, 0x70];
const SMALLEST = 1_000_000;

function looksLikeAPicture(bytes) {
  return bytes.length >= SMALLEST && MAGIC.every((byte, index) => bytes[index] === byte);
}

export function saveSnapshot(key, bytes) {
  if (!store) return Promise.resolve(false);
  const keeping = async () => {
    const cache = await store.open(CACHE_NAME);
    // Two Pythons started from scratch at once (the first and its spare) each offer a picture.
    // Putting again would gain nothing, and a browser may drop the kept copy while it writes
    // the new one, so a reader in between would find none.
    if (await cache.match(addressOf(key))) return true;
    for (const request of await cache.keys()) {
      if (request.url.startsWith(FOLDER) && request.url !== addressOf(key)) await cache.delete(request);
    }
    const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.byteLength) };
    await cache.put(addressOf(key), new Response(bytes, { headers }));
    return true;
  };
  return keeping().catch(() => false);
}

export async function forgetSnapshot(key) {
  if (!store) return;
  try {
    const cache = await store.open(CACHE_NAME);
    await cache.delete(addressOf(key));
  } catch {
    // Nothing to forget, or nowhere to forget it from.
  }
}

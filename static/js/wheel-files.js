// The files inside the checker's wheel (a zip the build writes: site_builder/bundle.py), read
// with the browser's own inflate. Putting them on Pyodide's disk this way takes a few
// milliseconds; Python's zipfile, in a Python just restored from its picture, took hundreds.
//
//   for (const { path, bytes } of await wheelFiles(buffer)) ...   // path: "labkit/entry.py"
//
// Only what a wheel of ours holds is read: entries stored or deflated, no zip64, no
// encryption. Anything else is refused with a message, never read wrongly.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export async function wheelFiles(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names = new TextDecoder("utf-8", { fatal: true });
  const entries = [];
  let at = directoryStart(view);
  const count = view.getUint16(endOfDirectory(view) + 10, true);
  for (let index = 0; index < count; index++) {
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new Error("the checker's wheel is damaged (its list of files)");
    const method = view.getUint16(at + 10, true);
    const packedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const path = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith("/")) continue; // a folder: made with the files in it
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`the checker's wheel names a file outside it (${path})`);
    if (view.getUint32(local, true) !== LOCAL_HEADER) throw new Error(`the checker's wheel is damaged (${path})`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const packed = bytes.subarray(start, start + packedSize);
    entries.push(unpacked(path, method, packed, size));
  }
  return Promise.all(entries);
}

async function unpacked(path, method, packed, size) {
  if (method === STORED) return { path, bytes: packed };
  if (method !== DEFLATED) throw new Error(`the checker's wheel packs ${path} in a way this page cannot read (method ${method})`);
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  if (bytes.length !== size) throw new Error(`the checker's wheel is damaged (${path})`);
  return { path, bytes };
}

function endOfDirectory(view) {
  // The record is 22 bytes, followed by a comment of at most 65,535.
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new Error("the checker's wheel is no zip file");
}

function directoryStart(view) {
  return view.getUint32(endOfDirectory(view) + 16, true);
}

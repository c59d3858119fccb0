// How far Python's downloads have got. Pyodide fetches its own files and says nothing while
// it does, so the worker watches its fetches while it loads: each response whose address
// matches a step is read a second time, from a copy, counting the bytes as they arrive.
// Pyodide's own copy is left exactly as the network gave it.
//
//   const stop = watchDownloads({ runtime: /pyodide\.asm\.wasm$/ }, (step, { loaded, total, done }) => ..., sizes);
//   (sizes: {file name: bytes}, the files' real sizes where the build knows them)
//   ... load ...
//   stop();   // fetch is the browser's own again

const REPORT_EVERY_MS = 100; // often enough to look alive, rarely enough not to flood the page

export function watchDownloads(steps, report, sizes = {}) {
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await nativeFetch.call(globalThis, input, init);
    const method = String(init?.method ?? input?.method ?? "GET").toUpperCase();
    const step = stepFor(steps, response.url || String(input?.url ?? input));
    if (step && method === "GET" && response.ok && response.body) countBytes(response.clone(), step, report, sizes);
    return response;
  };
  return () => {
    globalThis.fetch = nativeFetch;
  };
}

function stepFor(steps, url) {
  const path = url.split(/[?#]/)[0];
  return Object.keys(steps).find((step) => steps[step].test(path)) ?? null;
}

async function countBytes(response, step, report, sizes) {
  // A compressed response's Content-Length counts compressed bytes; what is read is not. The
  // file's real size, where the build wrote it down, holds whatever the host sends.
  const known = sizes[new URL(response.url).pathname.split("/").pop()];
  const announced = known || Number(response.headers.get("Content-Length")) || 0;
  const total = (loaded) => (loaded <= announced ? announced : 0);
  const reader = response.body.getReader();
  let loaded = 0;
  let reported = 0;
  report(step, { loaded, total: announced, done: false });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      const now = performance.now();
      if (now - reported >= REPORT_EVERY_MS) {
        reported = now;
        report(step, { loaded, total: total(loaded), done: false });
      }
    }
  } catch {
    return; // the download itself failed, and Pyodide, reading its own copy, says so
  }
  report(step, { loaded, total: loaded, done: true });
}

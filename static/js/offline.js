// Registers the service worker that keeps the course (and its Python) for offline use.
// Not loaded by `course serve`, which must always show the files just saved.

const siteRoot = new URL("../../", import.meta.url);
const PATIENCE_MS = 20_000;

// Keeping a copy downloads the whole site (Python is most of it). Waiting until this
// page's own Python has loaded keeps that download from slowing the learner down.
function pythonSettled() {
  return new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      const loading = document.querySelector('[data-python-state="loading"]');
      if (!loading || performance.now() - started > PATIENCE_MS) resolve();
      else setTimeout(check, 500);
    };
    check();
  });
}

async function keepOfflineCopy() {
  await new Promise((resolve) => (document.readyState === "complete" ? resolve() : addEventListener("load", resolve, { once: true })));
  await pythonSettled();
  try {
    await navigator.serviceWorker.register(new URL("sw.js", siteRoot), { scope: siteRoot.pathname });
  } catch (error) {
    // Offline use is a bonus; the page works the same without it.
    console.warn("Offline copy not available:", error.message);
  }
}

if ("serviceWorker" in navigator && siteRoot.protocol.startsWith("http")) keepOfflineCopy();

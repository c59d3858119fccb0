// Registers the service worker that keeps the course (and its Python) for offline use.
// Not loaded by `course serve`, which must always show the files just saved.

const siteRoot = new URL("../../", import.meta.url);

if ("serviceWorker" in navigator && siteRoot.protocol.startsWith("http")) {
  navigator.serviceWorker
    .register(new URL("sw.js", siteRoot), { scope: siteRoot.pathname })
    .catch((error) => {
      // Offline use is a bonus; the page works the same without it.
      console.warn("Offline copy not available:", error.message);
    });
}

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
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", siteRoot), { scope: siteRoot.pathname });
  } catch (error) {
    // Offline use is a bonus; the page works the same without it.
    console.warn("Offline copy not available:", error.message);
    return;
  }
  if (servedByWorker) watchForNewVersion(registration);
}

// ----- A new build -----
// The copy in use keeps serving every open page until they are all closed, so no page mixes
// files from two builds. Meanwhile the page offers the new version rather than hide it.

const servedByWorker = Boolean(navigator.serviceWorker?.controller); // false on a first visit
let acceptedHere = false;

function watchForNewVersion(registration) {
  const offerWhenReady = (worker) => {
    if (!worker) return;
    if (worker.state === "installed") offerNewVersion(worker);
    else worker.addEventListener("statechange", () => worker.state === "installed" && offerNewVersion(worker));
  };
  offerWhenReady(registration.waiting);
  offerWhenReady(registration.installing);
  registration.addEventListener("updatefound", () => offerWhenReady(registration.installing));
}

function offerNewVersion(worker) {
  showNote("A new version of this course is ready.", "Reload with the new version", () => {
    acceptedHere = true;
    worker.postMessage("take-over");
  });
}

if (servedByWorker) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (acceptedHere) location.reload();
    // Another tab took the new version; this page's files are from the one before.
    else showNote("This page is from the previous version of the course.", "Reload this page", () => location.reload());
  });
}

function showNote(text, action, onClick) {
  document.querySelector("[data-version-note]")?.remove();
  const note = document.createElement("p");
  note.className = "site-note";
  note.dataset.versionNote = "";
  note.setAttribute("role", "status");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button button-small";
  button.textContent = action;
  button.addEventListener("click", onClick);
  note.append(text, " ", button);
  (document.querySelector("main") ?? document.body).prepend(note);
}

if ("serviceWorker" in navigator && siteRoot.protocol.startsWith("http")) keepOfflineCopy();

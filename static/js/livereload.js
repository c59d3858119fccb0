// Development only (the template includes it when `course serve` runs). When a rebuild
// lands, reload the page. When a save breaks the build, the server keeps the last site
// that built, so say so here, where the author is looking, and list each problem as
// `path:line: message`; the next build that lands reloads the page and the panel goes.

const PANEL_LABEL = "Build problems";
const pageTitle = document.title;

document.head.append(
  Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("../css/livereload.css", import.meta.url).href }),
);

// Present and empty from the start, so screen readers announce what is written into it later.
const announcer = Object.assign(document.createElement("div"), { className: "visually-hidden" });
announcer.setAttribute("role", "alert");
document.body.append(announcer);

let panel = null;

const events = new EventSource(new URL("../../__livereload", import.meta.url));
events.addEventListener("open", () => {
  document.documentElement.dataset.liveReload = "listening";
});
events.addEventListener("reload", () => {
  events.close();
  location.reload();
});
events.addEventListener("problems", (event) => showProblems(JSON.parse(event.data)));

function counted(count) {
  return `${count} problem${count === 1 ? "" : "s"}`;
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function makePanel() {
  const section = element("section", "build-problems");
  section.setAttribute("aria-label", PANEL_LABEL);
  const bar = element("div", "build-problems-bar");
  const heading = element("h2", "build-problems-title", "This save did not build");
  const toggle = element("button", "button button-quiet button-small", "Hide problems");
  toggle.type = "button";
  const body = element("div", "build-problems-body");
  body.id = "build-problems-body";
  body.tabIndex = 0; // a long list scrolls inside the panel, so the keyboard must reach it too
  toggle.setAttribute("aria-controls", body.id);
  toggle.addEventListener("click", () => setOpen(section, body.hidden));
  bar.append(heading, toggle);
  body.append(element("p", "build-problems-summary"), element("ol", "build-problems-list"));
  section.append(bar, body);
  document.body.append(section);
  return section;
}

// Collapsed, the panel is one line: the page under it can be read, and the next failure opens it again.
function setOpen(section, open) {
  const toggle = section.querySelector(".build-problems-bar button");
  section.querySelector(".build-problems-body").hidden = !open;
  toggle.setAttribute("aria-expanded", String(open));
  toggle.textContent = open ? "Hide problems" : "Show problems";
}

function problemItem({ where, message }) {
  const item = element("li");
  if (where) item.append(element("code", "build-problems-where", where), ": ");
  item.append(message);
  return item;
}

function showProblems(problems) {
  panel ??= makePanel();
  const count = counted(problems.length);
  const them = problems.length === 1 ? "it" : "them";
  panel.querySelector(".build-problems-summary").textContent =
    `${count} stopped the build. This page is the last version that built; it reloads once a save fixes ${them}.`;
  panel.querySelector(".build-problems-list").replaceChildren(...problems.map(problemItem));
  setOpen(panel, true);
  announcer.textContent = `This save did not build: ${count}.`;
  document.title = `(${count}) ${pageTitle}`;
}

// A page opened from the disk (file://) cannot load its modules or start Python: browsers
// refuse both outside a web server. A classic script still runs there, so this one says
// what to do instead of leaving the labs "loading" for ever.
(() => {
  if (location.protocol !== "file:") return;
  const note = document.createElement("p");
  note.className = "site-note";
  note.dataset.fileNote = "";
  note.setAttribute("role", "alert");
  note.append(
    "This page was opened as a file, so its labs, films and heatmaps cannot start: browsers run them only for pages from a web server. ",
    "In the site's folder run ",
    Object.assign(document.createElement("code"), { textContent: "python3 -m http.server" }),
    " (or ",
    Object.assign(document.createElement("code"), { textContent: "make serve" }),
    " in the course's source), then open ",
    Object.assign(document.createElement("code"), { textContent: "http://localhost:8000/" }),
    ".",
  );
  (document.querySelector("main") ?? document.body).prepend(note);
})();

// Development only (the template includes it when `course serve` runs): reload the page
// when the server says the site was rebuilt.

const events = new EventSource(new URL("../../__livereload", import.meta.url));

function reload() {
  events.close();
  location.reload();
}

// The server may send a named event ("event: reload") or a plain message whose data is "reload".
events.addEventListener("reload", reload);
events.addEventListener("message", (event) => {
  if (String(event.data).trim() === "reload") reload();
});

// The colour theme: the system's (the default), light or dark, chosen in the site header.
// A classic script loaded without defer in <head>: it marks <html> before the first paint,
// so a reader who chose dark never sees a flash of light. (An inline script would do the
// same, but the Content-Security-Policy allows only the site's own files.)
// site.css reads :root[data-theme]; without the attribute it follows prefers-color-scheme.

(() => {
  // THEME_KEY of site_builder/constants.py: a classic script cannot import it, so
  // tests/test_constants.py checks that this copy matches.
  const KEY = "zero-to-microgpt:theme";
  const root = document.documentElement;
  let choice = "system";

  function saved() {
    try {
      const value = localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : "system";
    } catch {
      return choice; // storage is blocked: keep whatever this page was set to
    }
  }

  function apply(value) {
    choice = value;
    if (value === "system") delete root.dataset.theme;
    else root.dataset.theme = value;
    for (const radio of document.querySelectorAll("[data-theme-control] input")) radio.checked = radio.value === value;
  }

  function choose(value) {
    apply(value);
    try {
      if (value === "system") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, value);
    } catch {
      // Not remembered, but this page still changes.
    }
  }

  apply(saved());

  document.addEventListener("DOMContentLoaded", () => {
    const control = document.querySelector("[data-theme-control]");
    if (!control) return;
    control.addEventListener("change", (event) => choose(event.target.value));
    apply(choice);
    control.hidden = false;
  });
  // Another tab chose, or Back brought this page from the cache: show the current choice.
  addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) apply(saved());
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) apply(saved());
  });
})();

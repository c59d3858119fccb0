// Entry point: starts a FilmPlayer (film-player.js) on every film of the page (film.html).
// The modules it imports start nothing by themselves. The player and its modules are loaded
// only once the page's Python has started (after-python.js): on a lab's page, reading and
// compiling them would take the cores Python needs.

import { afterPython } from "./after-python.js";

export async function startFilms(root = document) {
  const { FilmPlayer } = await import("./film-player.js");
  for (const section of root.querySelectorAll("[data-film]")) {
    if (section.film || section.dataset.filmError) continue;
    try {
      section.film = new FilmPlayer(section);
    } catch (error) {
      // A broken film must not break the lesson around it; the transcript still tells it.
      console.error("The film could not start:", error);
      section.dataset.filmError = "true";
    }
  }
}

await afterPython();
await startFilms();

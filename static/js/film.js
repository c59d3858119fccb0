// Entry point: starts a FilmPlayer (film-player.js) on every film of the page (film.html).
// The modules it imports start nothing by themselves.

import { FilmPlayer } from "./film-player.js";

export function startFilms(root = document) {
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

startFilms();

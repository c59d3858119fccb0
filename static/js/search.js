// The search box in every page's header: full-text search over the whole course.
//
// The build indexes every page with Pagefind (site_builder/search.py) into pagefind/ at
// the site's root; Pagefind's own pagefind.js searches those files in the browser, so
// nothing leaves the site and, once the service worker holds the site, it works offline.
// The results are drawn here, with the site's own look, as a list of links: Pagefind's
// UI would bring its own styles and markup to restyle for light, dark and small screens.
//
// Keys: type to search; Down moves into the results and Up/Down between them; Enter on
// the box opens the first result; Escape closes the results, and again clears the box.
// "/" anywhere outside a text field jumps to the box.

const SITE_ROOT = new URL("../../", import.meta.url); // this file is static/js/search.js
const INDEX = new URL("pagefind/pagefind.js", SITE_ROOT);
const SHOWN = 8; // results drawn; more are counted, not drawn
const READ = 30; // results read to find the SHOWN best that really match
const SAME_START = 3; // a hit must share this many first letters with a searched word
const WAIT_MS = 150; // typing pause before a search

let pagefindLoading = null;

/** Pagefind, loaded on first use: a page that never searches fetches nothing. */
function pagefind() {
  if (!pagefindLoading) {
    pagefindLoading = import(INDEX.href).then(async (module) => {
      // Results' addresses start from the site's own folder, wherever the site is hosted.
      await module.options({ baseUrl: SITE_ROOT.pathname, excerptLength: 18 });
      await module.init();
      return module;
    });
    pagefindLoading.catch(() => { pagefindLoading = null; }); // let a later search try again
  }
  return pagefindLoading;
}

/** A result's address: a path under baseUrl ("/course/08-attention/x/#y"), on this site's origin. */
function siteUrl(indexed) {
  return new URL(indexed, SITE_ROOT).href;
}

/** Text as Pagefind escapes it ("&lt;" for "<"), decoded: a detached <textarea> reads
    markup as plain text and keeps every space, unlike a parsed document. */
function decodeText(escaped) {
  const reader = document.createElement("textarea");
  reader.innerHTML = escaped;
  return reader.value;
}

/** An excerpt's text with Pagefind's <mark> around each hit, built as nodes: never as HTML. */
function excerptNodes(excerpt) {
  const nodes = [];
  let marked = false;
  for (const piece of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (piece === "<mark>" || piece === "</mark>") {
      marked = piece === "<mark>";
      continue;
    }
    if (!piece) continue;
    const text = decodeText(piece);
    if (marked) {
      const mark = document.createElement("mark");
      mark.textContent = text;
      nodes.push(mark);
    } else {
      nodes.push(document.createTextNode(text));
    }
  }
  return nodes;
}

/** The words Pagefind marked in a result's excerpts. */
function markedWords(data) {
  const excerpts = [data.excerpt, ...(data.sub_results || []).map((section) => section.excerpt)];
  const words = [];
  for (const excerpt of excerpts) {
    for (const match of (excerpt || "").matchAll(/<mark>(.*?)<\/mark>/g)) words.push(decodeText(match[1]).toLowerCase());
  }
  return words;
}

/** Whether a result holds one of the searched words, give or take an ending. When a word
    matches nothing, Pagefind falls back to ever shorter beginnings of it, down to a single
    letter ("zebra" finds every "z"); such a result is noise, not a match. */
function reallyMatches(query, data) {
  const words = markedWords(data);
  return query.toLowerCase().split(/\s+/).filter(Boolean).some((asked) => {
    const start = asked.slice(0, SAME_START);
    return words.some((word) => word.startsWith(start));
  });
}

/** The part of a page that matches best: the section with the most hits, or the page itself. */
function bestPart(data) {
  const sections = (data.sub_results || []).filter((section) => section.excerpt);
  if (sections.length === 0) return { url: data.url, title: "", excerpt: data.excerpt };
  const hits = (section) => (section.locations || []).length;
  const best = sections.reduce((a, b) => (hits(b) > hits(a) ? b : a));
  return { url: best.url, title: best.title === data.meta.title ? "" : best.title, excerpt: best.excerpt };
}

function resultItem(data) {
  const part = bestPart(data);
  const item = document.createElement("li");
  item.className = "site-search-result";
  const link = document.createElement("a");
  link.className = "site-search-link";
  link.href = siteUrl(part.url);
  link.textContent = data.meta.title || data.url;
  item.append(link);
  if (part.title) {
    const section = document.createElement("p");
    section.className = "site-search-section";
    section.textContent = part.title;
    item.append(section);
  }
  const excerpt = document.createElement("p");
  excerpt.className = "site-search-excerpt";
  excerpt.append(...excerptNodes(part.excerpt || ""));
  item.append(excerpt);
  return item;
}

function startSearch(box) {
  const input = box.querySelector("[data-search-input]");
  const panel = box.querySelector("[data-search-panel]");
  const summary = box.querySelector("[data-search-summary]");
  const list = box.querySelector("[data-search-results]");
  const status = box.querySelector("[data-search-status]");
  let asked = 0; // the latest search: an older one that finishes later is dropped
  let shownFor = null; // the query whose results are drawn
  let timer = null;

  const links = () => [...list.querySelectorAll("a")];
  const open = () => { panel.hidden = false; };
  const close = () => { panel.hidden = true; };

  function say(text) {
    summary.textContent = text;
    status.textContent = text;
  }

  async function search(query) {
    const mine = ++asked;
    if (!query.trim()) {
      list.replaceChildren();
      shownFor = query;
      say("");
      close();
      return;
    }
    open();
    let found;
    try {
      const index = await pagefind();
      found = await index.search(query);
    } catch (error) {
      if (mine !== asked) return;
      list.replaceChildren();
      shownFor = null;
      say("Search is not available on this copy of the course: its index did not load.");
      console.error("search:", error);
      return;
    }
    const read = await Promise.all(found.results.slice(0, READ).map((result) => result.data()));
    if (mine !== asked) return;
    const pages = read.filter((data) => reallyMatches(query, data));
    // A later search can land while the reader is already in the results (a slow machine
    // searches a half-typed word first). Focus waits in the box while the list is redrawn,
    // since a removed link would take it out of the box and close the results, then goes
    // back to the same place in the new list.
    const focusedAt = links().indexOf(document.activeElement);
    if (focusedAt >= 0) input.focus();
    list.replaceChildren(...pages.slice(0, SHOWN).map(resultItem));
    if (focusedAt >= 0) links()[Math.min(focusedAt, links().length - 1)]?.focus();
    shownFor = query;
    const count = pages.length;
    const more = count > SHOWN ? ` (the best ${SHOWN} shown)` : "";
    const matching = count === 1 ? "1 page matches" : `${count} pages match`;
    say(count === 0 ? `No pages match “${query.trim()}”.` : `${matching} “${query.trim()}”${more}.`);
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => search(input.value), WAIT_MS);
  });
  // Loading starts at the first sign of interest, so the first results come sooner.
  input.addEventListener("focus", () => {
    pagefind().catch(() => {});
    if (input.value.trim() && list.children.length) open();
  });

  input.addEventListener("keydown", async (event) => {
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      open();
      links()[0].focus();
    } else if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(timer);
      if (shownFor !== input.value) await search(input.value);
      links()[0]?.click();
    } else if (event.key === "Escape") {
      if (!panel.hidden) close();
      else input.value = "";
    }
  });

  list.addEventListener("keydown", (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = at + (event.key === "ArrowDown" ? 1 : -1);
      if (next < 0) input.focus();
      else all[Math.min(next, all.length - 1)].focus();
    } else if (event.key === "Escape") {
      close();
      input.focus();
    }
  });

  // The results close when the focus or a click goes elsewhere on the page.
  box.addEventListener("focusout", (event) => {
    if (!box.contains(event.relatedTarget)) close();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!box.contains(event.target)) close();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true'], .cm-editor");
    if (typing) return;
    event.preventDefault();
    input.focus();
  });

  box.hidden = false;
}

const box = document.querySelector("[data-search]");
if (box) startSearch(box);

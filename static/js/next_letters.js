// Entry point for the next-letter bars (next_letters.html): the reader types the letters a
// name starts with, and the page's Python runs the course's trained microgpt on them
// (labkit.realmodel.next_letter_bars, through python-client.js) for the probability of every
// token coming next. The author's prefix is in the page already; this redraws the table.

import { MAX_NAME_LETTERS } from "./course-constants.js";
import { getPython } from "./python-client.js";

function cleaned(text) {
  return text.trim().toLowerCase();
}

// What the reader typed, when the page can already say it will not do (the model's own
// check in Python says the same, and more, for anything that gets past this).
function problemWith(prefix) {
  if (prefix.length > MAX_NAME_LETTERS) return `The model reads at most ${MAX_NAME_LETTERS} letters; “${prefix}” has ${prefix.length}.`;
  if (!/^[a-z]*$/.test(prefix)) return "The model only knows the letters a to z: no accents, digits, spaces or punctuation.";
  return null;
}

function percent(p) {
  return `${(100 * p).toFixed(1)}%`;
}

class NextLetters {
  constructor(section) {
    this.section = section;
    this.form = section.querySelector("[data-next-letters-form]");
    this.input = section.querySelector("[data-next-letters-input]");
    this.status = section.querySelector("[data-next-letters-status]");
    this.rows = section.querySelector("[data-next-letters-rows]");
    this.tableCaption = section.querySelector("[data-next-letters-table-caption]");
    this.shown = cleaned(this.input.value); // the prefix whose bars are on the page
    this.asked = 0; // numbers each request, so only the latest answer is drawn
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.show(cleaned(this.input.value));
    });
  }

  async show(prefix) {
    const problem = problemWith(prefix);
    if (problem) {
      this.status.textContent = problem;
      return;
    }
    if (prefix === this.shown) return;
    const ticket = ++this.asked;
    const python = getPython();
    if (python.state === "error") python.retry();
    this.section.dataset.state = "busy";
    this.status.textContent =
      python.state === "loading" ? `Python is still loading; the bars for “${prefix}” will appear as soon as it is ready.` : `Reading “${prefix}”…`;
    let result;
    try {
      result = await python.nextLetters(prefix);
    } catch (error) {
      result = { status: "error", summary: `“${prefix}” could not be computed: ${error.message}.` };
    }
    if (ticket !== this.asked) return; // the reader has asked for another prefix since
    delete this.section.dataset.state;
    if (result?.status !== "ok") {
      this.status.textContent = result?.summary || `“${prefix}” could not be computed.`;
      return;
    }
    this.draw(result);
  }

  draw({ prefix, tokens, probs, summary }) {
    const largest = Math.max(...probs);
    const rows = tokens.map((token, i) => {
      const row = document.createElement("tr");
      const name = document.createElement("th");
      name.scope = "row";
      name.textContent = token;
      const barCell = document.createElement("td");
      barCell.className = "next-letters-bar-cell";
      barCell.setAttribute("aria-hidden", "true");
      const bar = document.createElement("span");
      bar.className = "table-bar";
      bar.style.setProperty("--length", (probs[i] / largest).toFixed(4));
      barCell.append(bar);
      const value = document.createElement("td");
      value.textContent = percent(probs[i]);
      row.append(name, barCell, value);
      return row;
    });
    this.rows.replaceChildren(...rows);
    this.tableCaption.textContent = `Probability of each next token after “${prefix}”`;
    this.status.textContent = summary;
    this.shown = prefix;
  }
}

export function startNextLetters(root = document) {
  for (const section of root.querySelectorAll("section[data-next-letters]")) {
    if (section.nextLetters) continue;
    try {
      section.nextLetters = new NextLetters(section);
    } catch (error) {
      console.error(`Next-letter bars ${section.id} could not start:`, error); // the table still reads
    }
  }
}

startNextLetters();

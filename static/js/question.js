// Questions in a lesson: choose, type a number, predict the output, or put lines in order.
// The answer and the feedback for each wrong choice come from the build (see
// site_builder/widgets/question.py); checking needs no Python, so it is instant.

import { getProgress } from "./progress.js";

const RIGHT = "Right!";

// Lines as a learner would type them: spaces at the ends and blank lines at the end do not count.
function normalisedLines(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trimEnd());
  while (lines.length && lines.at(-1) === "") lines.pop();
  return lines;
}

function ordinal(n) {
  const words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
  return words[n - 1] ?? `${n}th`;
}

// Each type reads the learner's answer and says whether it is right, and if not, why.
const JUDGES = {
  choice(question) {
    const picked = question.root.querySelector("input[type=radio]:checked");
    if (!picked) return { right: false, message: "Pick one of the choices first." };
    const index = Number(picked.value);
    if (index === question.config.answer) return { right: true };
    return { right: false, message: question.config.why[index] };
  },

  number(question) {
    const typed = question.input.value.trim().replace(",", ".");
    if (typed === "") return { right: false, message: "Type a number first." };
    const value = Number(typed);
    if (!Number.isFinite(value)) return { right: false, message: `“${question.input.value.trim()}” is not a number. Type digits, like 0.25.` };
    const { answer, tolerance } = question.config;
    if (Math.abs(value - answer) <= tolerance) return { right: true };
    const direction = value > answer ? "too high" : "too low";
    return { right: false, message: `Not yet: ${value} is ${direction}.`, hint: true };
  },

  output(question) {
    const typed = normalisedLines(question.input.value);
    if (typed.length === 0) return { right: false, message: "Type what you think the code prints first." };
    const expected = normalisedLines(question.config.output);
    const differs = expected.findIndex((line, index) => typed[index] !== line);
    if (differs === -1 && typed.length === expected.length) return { right: true };
    if (differs === -1) {
      return { right: false, message: `Not yet: it prints ${expected.length} line${expected.length === 1 ? "" : "s"}, and you wrote ${typed.length}.`, hint: true };
    }
    const before = differs === 0 ? "" : ` Your first ${differs === 1 ? "line is" : `${differs} lines are`} right.`;
    return { right: false, message: `Not yet: the ${ordinal(differs + 1)} line is not what it prints.${before}`, hint: true };
  },

  order(question) {
    const order = question.lineItems().map((item) => Number(item.dataset.line));
    const firstWrong = order.findIndex((line, index) => line !== index);
    if (firstWrong === -1) return { right: true };
    const placed = firstWrong === 0 ? "The first line is not the first yet." : `The first ${firstWrong === 1 ? "line is" : `${firstWrong} lines are`} in place; the ${ordinal(firstWrong + 1)} is not.`;
    return { right: false, message: `Not yet. ${placed}`, hint: true };
  },
};

class Question {
  constructor(root) {
    this.root = root;
    this.id = root.dataset.questionId;
    this.config = JSON.parse(root.querySelector("[data-question-config]").textContent);
    this.input = root.querySelector("[data-answer]");
    this.feedback = root.querySelector("[data-feedback]");
    this.explain = root.querySelector("template[data-explain]").innerHTML.trim();
    this.hint = root.querySelector("template[data-hint]").innerHTML.trim();
    this.progress = getProgress();
    root.querySelector('[data-action="check-answer"]').addEventListener("click", () => this.check());
    this.input?.addEventListener("keydown", (event) => {
      // Enter checks a one-line answer; in the output box it starts a new line.
      if (event.key === "Enter" && this.input.tagName === "INPUT") {
        event.preventDefault();
        this.check();
      }
    });
    if (this.config.type === "order") this.makeLinesMovable();
    if (this.progress.isAnswered(this.id)) this.root.dataset.answered = "true";
  }

  check() {
    const verdict = JUDGES[this.config.type](this);
    this.root.dataset.answered = String(verdict.right);
    if (verdict.right) {
      this.show(RIGHT, this.explain);
      this.progress.markAnswered(this.id);
    } else {
      this.show(verdict.message, verdict.hint ? this.hint : "");
    }
  }

  // The feedback is text we wrote; the explanation and hint are the build's own Markdown.
  show(message, html) {
    const lead = document.createElement("p");
    lead.className = "question-verdict";
    lead.textContent = message;
    const more = document.createElement("div");
    more.className = "question-more";
    more.innerHTML = html;
    this.feedback.replaceChildren(lead, ...(html ? [more] : []));
  }

  lineItems() {
    return [...this.root.querySelectorAll("[data-lines] > li")];
  }

  makeLinesMovable() {
    const list = this.root.querySelector("[data-lines]");
    for (const item of this.lineItems()) {
      const text = item.textContent.trim();
      item.draggable = true;
      const buttons = document.createElement("span");
      buttons.className = "question-line-buttons";
      for (const [direction, arrow] of [["up", "↑"], ["down", "↓"]]) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button button-small";
        button.dataset.move = direction;
        button.textContent = arrow;
        button.setAttribute("aria-label", `Move ${direction}: ${text}`);
        button.addEventListener("click", () => this.move(item, direction, button));
        buttons.append(button);
      }
      item.append(buttons);
      item.addEventListener("dragstart", (event) => {
        this.dragged = item;
        event.dataTransfer.effectAllowed = "move";
        item.classList.add("is-dragged");
      });
      item.addEventListener("dragend", () => item.classList.remove("is-dragged"));
      item.addEventListener("dragover", (event) => {
        if (!this.dragged || this.dragged === item) return;
        event.preventDefault();
        const box = item.getBoundingClientRect();
        const after = event.clientY > box.top + box.height / 2;
        list.insertBefore(this.dragged, after ? item.nextSibling : item);
      });
    }
    list.addEventListener("drop", (event) => {
      event.preventDefault();
      this.dragged = null;
      this.announceOrder();
    });
  }

  move(item, direction, button) {
    const sibling = direction === "up" ? item.previousElementSibling : item.nextElementSibling;
    if (!sibling) return;
    if (direction === "up") sibling.before(item);
    else sibling.after(item);
    button.focus(); // the line moved, and the keyboard stays with it
    this.announceOrder(item);
  }

  announceOrder(item) {
    const position = item ? this.lineItems().indexOf(item) + 1 : null;
    const total = this.lineItems().length;
    this.feedback.replaceChildren();
    if (position) {
      const note = document.createElement("p");
      note.className = "question-verdict question-moved";
      note.textContent = `Moved to line ${position} of ${total}.`;
      this.feedback.append(note);
    }
  }
}

for (const root of document.querySelectorAll("[data-question]")) new Question(root);

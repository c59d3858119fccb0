// The heatmap's words: checking a typed name, naming each position, and the sentence a
// reader hears or sees for one cell. Shared by the lesson's heatmap and model-compare.js.

import { MAX_NAME_LETTERS } from "./course-constants.js";

const ORDINALS = [
  "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
  "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
];

export const VIEWS = {
  weights: { label: "Weights", detail: "after softmax", legend: "Weight after softmax" },
  scores: { label: "Scores", detail: "before softmax", legend: "Score before softmax" },
};

// A true minus sign: a hyphen is easy to miss in small type.
export function formatNumber(value, digits) {
  const text = Math.abs(value).toFixed(digits);
  return value < 0 && Number(text) !== 0 ? `−${text}` : text;
}

/** {name} for a usable name, or {message} saying kindly what to change. */
export function checkName(raw) {
  const name = raw.trim().toLowerCase();
  if (!name) return { message: "Type a name, in the letters a to z.", empty: true };
  const bad = [...name].find((ch) => ch < "a" || ch > "z");
  if (bad === " ") return { message: "Just one name, please, with no spaces." };
  if (bad) return { message: `The model only knows the letters a to z, and “${bad}” is not one of them.` };
  if (name.length > MAX_NAME_LETTERS) {
    return { message: `That is ${name.length} letters; the model reads at most ${MAX_NAME_LETTERS} after its start marker.` };
  }
  return { name };
}

/** How to refer to each position: visible header, header for screen readers, and in a sentence. */
export function positionLabels(tokens) {
  const letters = tokens.slice(1);
  const seen = {};
  return tokens.map((token, position) => {
    if (position === 0) return { short: "·", header: "start marker", phrase: "the start marker" };
    const count = letters.filter((letter) => letter === token).length;
    seen[token] = (seen[token] ?? 0) + 1;
    if (count > 1) {
      const ordinal = ORDINALS[seen[token] - 1] ?? `number ${seen[token]}`;
      return { short: token, header: `${ordinal} ${token}`, phrase: `the ${ordinal} “${token}”` };
    }
    const final = position === tokens.length - 1;
    return { short: token, header: token, phrase: final ? `the final “${token}”` : `“${token}”` };
  });
}

/** The sentence for one cell: its exact value and what it means. */
export function cellSentence({ labels, head, view, row, col, value }) {
  const at = `At ${labels[row].phrase}, head ${head}`;
  const target = col === row ? "itself" : labels[col].phrase;
  if (col > row) {
    return `${at} cannot look at ${labels[col].phrase}: it comes later, and nothing looks at the future.`;
  }
  if (value === null || value === undefined) return `${at}: no number here.`;
  if (view === "scores") return `${at} scores ${target} ${formatNumber(value, 4)} before softmax.`;
  const alone = row === 0 ? " It has nothing else to look at." : "";
  return `${at} gives ${target} ${formatNumber(value, 4)} of its attention (${Math.round(value * 100)}%).${alone}`;
}

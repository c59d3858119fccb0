// Long lines wrap, and a wrapped line keeps its place in Python's indentation: its later rows
// start under its own indent plus a little more, so they never look like the next line.
// A comment's later rows line up with the comment's text, after the "# ".
//
// Each line gets a hanging indent as a line decoration: the CSS custom property --hang, in
// columns, which the editor's theme turns into padding-left plus an equal negative text-indent.

import { RangeSetBuilder } from "@codemirror/state";
import { Decoration, EditorView, ViewPlugin } from "@codemirror/view";

const CODE_HANG = 4; // one indent level deeper, as Python's own continuation lines are
const COMMENT_PREFIX = /^#+ ?/;

// The columns of leading whitespace, tabs counted to the next tab stop.
function indentColumns(text, tabSize) {
  let columns = 0;
  for (const char of text) {
    if (char === " ") columns += 1;
    else if (char === "\t") columns += tabSize - (columns % tabSize);
    else break;
  }
  return columns;
}

// Where the later rows of a wrapped line start, in columns; 0 for a line with nothing in it.
export function hangColumns(text, tabSize = 4) {
  const rest = text.trimStart();
  if (!rest) return 0;
  const comment = rest.match(COMMENT_PREFIX);
  return indentColumns(text, tabSize) + (comment ? comment[0].length : CODE_HANG);
}

const decorations = new Map(); // hang in columns -> its line decoration, made once

function hangDecoration(columns) {
  if (!decorations.has(columns)) {
    decorations.set(columns, Decoration.line({ attributes: { style: `--hang: ${columns}ch` } }));
  }
  return decorations.get(columns);
}

function hangingIndents(view) {
  const builder = new RangeSetBuilder();
  const tabSize = view.state.tabSize;
  for (const { from, to } of view.visibleRanges) {
    for (let position = from; position <= to; ) {
      const line = view.state.doc.lineAt(position);
      const columns = hangColumns(line.text, tabSize);
      if (columns > 0) builder.add(line.from, line.from, hangDecoration(columns));
      position = line.to + 1;
    }
  }
  return builder.finish();
}

const hangingIndentPlugin = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorations = hangingIndents(view);
    }

    update(update) {
      if (update.docChanged || update.viewportChanged) this.decorations = hangingIndents(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

// The line's own padding (0.5rem, from the editor theme) plus the hang; the first row is
// pulled back by the hang, so only the later rows move in.
const hangingIndentTheme = EditorView.theme({
  ".cm-line": {
    paddingLeft: "calc(0.5rem + var(--hang, 0ch))",
    textIndent: "calc(-1 * var(--hang, 0ch))",
  },
});

export const wrappedIndent = [EditorView.lineWrapping, hangingIndentPlugin, hangingIndentTheme];

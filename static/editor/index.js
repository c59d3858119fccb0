// The code editor: CodeMirror 6 set up for short Python exercises.
// esbuild bundles this file (and only this file) into static/js/editor.js.
//
// createEditor(parent, { doc, onChange, onCheck, describedBy }) -> { getCode, setCode, focus, view }

import { EditorState, Prec } from "@codemirror/state";
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from "@codemirror/commands";
import {
  HighlightStyle,
  syntaxHighlighting,
  indentOnInput,
  bracketMatching,
  indentUnit,
} from "@codemirror/language";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { python } from "@codemirror/lang-python";
import { tags as t } from "@lezer/highlight";
import { wrappedIndent } from "./wrapped-indent.js";

// Colours are CSS custom properties from site.css, so the editor follows the light/dark theme
// without being rebuilt when the theme changes.
const theme = EditorView.theme({
  "&": {
    color: "var(--syn-name)",
    backgroundColor: "var(--editor-bg)",
  },
  ".cm-content": {
    caretColor: "var(--editor-cursor)",
    padding: "0.6rem 0",
    minHeight: "9rem",
  },
  // The left padding is wrapped-indent.js's: it moves the later rows of a wrapped line in.
  ".cm-line": { paddingRight: "0.75rem" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--editor-cursor)", borderLeftWidth: "2px" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection":
    { backgroundColor: "var(--editor-selection)" },
  ".cm-activeLine": { backgroundColor: "var(--editor-active-line)" },
  ".cm-gutters": {
    backgroundColor: "var(--editor-gutter)",
    color: "var(--editor-gutter-text)",
    borderRight: "1px solid var(--border)",
  },
  ".cm-activeLineGutter": { backgroundColor: "var(--editor-active-line)", color: "var(--text)" },
  ".cm-lineNumbers .cm-gutterElement": { padding: "0 0.6rem 0 0.5rem", minWidth: "2.2rem" },
  "&.cm-focused .cm-matchingBracket": {
    backgroundColor: "var(--editor-bracket)",
    outline: "1px solid var(--border-strong)",
  },
  "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "var(--fail-bg)", color: "var(--fail)" },
});

const highlighting = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword, t.operatorKeyword], color: "var(--syn-keyword)" },
  { tag: [t.bool, t.null, t.self], color: "var(--syn-keyword)" },
  { tag: [t.function(t.definition(t.variableName)), t.definition(t.className)], color: "var(--syn-def)", fontWeight: "600" },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: "var(--syn-def)" },
  { tag: [t.string, t.special(t.string)], color: "var(--syn-string)" },
  { tag: [t.number], color: "var(--syn-number)" },
  { tag: [t.comment, t.lineComment], color: "var(--syn-comment)", fontStyle: "italic" },
  { tag: [t.operator, t.punctuation, t.bracket], color: "var(--syn-operator)" },
  { tag: [t.standard(t.variableName)], color: "var(--syn-builtin)" },
  { tag: t.invalid, color: "var(--fail)" },
]);

export function createEditor(parent, { doc = "", onChange = () => {}, onCheck = () => {}, describedBy } = {}) {
  // tabindex changes nothing for the browser (editable content is focusable already), but
  // tells checkers such as axe that the scrolling box holds something keyboard users can reach.
  const contentAttributes = { "aria-label": "Code editor", "aria-multiline": "true", tabindex: "0" };
  if (describedBy) contentAttributes["aria-describedby"] = describedBy;

  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        // Highest precedence so Mod-Enter checks instead of inserting a new line.
        Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => { onCheck(); return true; } }])),
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(highlighting),
        python(),
        // Tab indents; CodeMirror lets Escape then Tab move focus out, so the keyboard is never trapped.
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        // A phone shows about 25 columns: long lines wrap rather than hide past the edge.
        wrappedIndent,
        theme,
        EditorView.contentAttributes.of(contentAttributes),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    view,
    getCode: () => view.state.doc.toString(),
    // Its own undo step (never merged with recent typing), so Undo brings the previous code back.
    setCode(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: { anchor: 0 },
        scrollIntoView: true,
        annotations: isolateHistory.of("full"),
      });
    },
    focus: () => view.focus(),
  };
}

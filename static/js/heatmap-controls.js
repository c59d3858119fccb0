// The heatmap's "Head" and "Show" switches, shared by the lesson's heatmap and model-compare.js.

import { HEADS } from "./course-constants.js";
import { element } from "./dom.js";
import { VIEWS } from "./heatmap-words.js";

let radioGroups = 0;

function radioGroup({ legend, name, options, checked, onChange, className }) {
  const fieldset = element("fieldset", `heatmap-switch ${className ?? ""}`.trim());
  fieldset.append(element("legend", "heatmap-switch-legend", legend));
  const row = element("div", "heatmap-switch-options");
  for (const option of options) {
    const label = element("label", "heatmap-switch-option");
    const input = element("input");
    input.type = "radio";
    input.name = name;
    input.value = option.value;
    input.checked = option.value === checked;
    input.addEventListener("change", () => {
      if (input.checked) onChange(option.value);
    });
    const face = element("span", "heatmap-switch-face");
    if (option.hidden) face.append(element("span", "visually-hidden", option.hidden));
    face.append(option.text);
    if (option.detail) face.append(" ", element("span", "heatmap-switch-detail", option.detail));
    label.append(input, face);
    row.append(label);
  }
  fieldset.append(row);
  return fieldset;
}

/**
 * The "Head" and "Show" radio groups (`headSwitch: false` leaves out "Head"). Native radios give the keyboard behaviour for free:
 * Tab reaches each group, the arrow keys move within it.
 */
export function viewControls({ head, view, onChange, headSwitch = true }) {
  const group = `heatmap-radios-${++radioGroups}`;
  const state = { head, view };
  const box = element("div", "heatmap-switches");
  const switches = [
    radioGroup({
      legend: "Head",
      name: `${group}-head`,
      checked: String(head),
      options: headNumbers().map((n) => ({ value: String(n), hidden: "Head ", text: String(n) })),
      onChange: (value) => {
        state.head = Number(value);
        onChange({ ...state });
      },
    }),
    radioGroup({
      legend: "Show",
      name: `${group}-view`,
      checked: view,
      className: "heatmap-switch-view",
      options: Object.entries(VIEWS).map(([value, { label, detail }]) => ({ value, text: label, detail: `(${detail})` })),
      onChange: (value) => {
        state.view = value;
        onChange({ ...state });
      },
    }),
  ];
  // Side by side, every head is on screen: only the view switch is left.
  box.append(...(headSwitch ? switches : switches.slice(1)));
  return box;
}

/** 1, 2, ... up to the model's number of heads, as the reader counts them. */
export function headNumbers() {
  return Array.from({ length: HEADS }, (_, i) => i + 1);
}

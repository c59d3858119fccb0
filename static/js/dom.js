// Small DOM helpers shared by the widgets that build their markup in script.

/** A new `tag` element with an optional class name and text. */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

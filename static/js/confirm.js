// A small modal question with two answers, built on <dialog> so focus stays inside it and
// Escape cancels. Resolves true for the confirming answer, false otherwise.

let dialogCount = 0;

export function confirmDialog({ title, text, confirmLabel, cancelLabel = "Cancel" }) {
  const opener = document.activeElement;
  const number = ++dialogCount;
  const dialog = document.createElement("dialog");
  dialog.className = "confirm-dialog";
  dialog.setAttribute("aria-labelledby", `confirm-title-${number}`);
  dialog.setAttribute("aria-describedby", `confirm-text-${number}`);

  const heading = document.createElement("h2");
  heading.id = `confirm-title-${number}`;
  heading.textContent = title;
  const body = document.createElement("p");
  body.id = `confirm-text-${number}`;
  body.textContent = text;

  const buttons = document.createElement("div");
  buttons.className = "confirm-dialog-buttons";
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "button";
  cancel.textContent = cancelLabel;
  const confirm = document.createElement("button");
  confirm.type = "button";
  confirm.className = "button button-primary";
  confirm.textContent = confirmLabel;
  buttons.append(cancel, confirm);
  dialog.append(heading, body, buttons);
  document.body.append(dialog);

  return new Promise((resolve) => {
    let answer = false;
    cancel.addEventListener("click", () => dialog.close());
    confirm.addEventListener("click", () => {
      answer = true;
      dialog.close();
    });
    // Escape fires "cancel" and then "close", so every way out ends here.
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      resolve(answer);
    });
    dialog.showModal();
    // The safe answer has focus, so a stray Enter changes nothing.
    cancel.focus();
  });
}

/** What the copy button says, then says for a moment after copying (announced politely). */
const idleLabel = "Copy";

/**
 * A copy button and a language label on each code block of a doc. Without JavaScript the
 * block is plain, selectable text; the button is an enhancement.
 */
export function initCodeCopy(root: ParentNode = document) {
  for (const pre of root.querySelectorAll<HTMLPreElement>(".prose-docs pre")) {
    if (pre.parentElement?.classList.contains("code-block")) continue;
    const frame = document.createElement("div");
    frame.className = "code-block";
    pre.replaceWith(frame);
    frame.append(pre);
    // A scrolling block must be reachable by keyboard (WCAG 2.1.1), and named as what it is.
    pre.tabIndex = 0;
    pre.setAttribute("role", "group");
    const language = pre.dataset.language;
    if (language) {
      const label = document.createElement("span");
      label.className = "code-label";
      label.setAttribute("aria-hidden", "true");
      label.textContent = language;
      frame.append(label);
      pre.setAttribute("aria-label", `${language} code`);
    } else {
      pre.setAttribute("aria-label", "Code");
    }
    if (!("clipboard" in navigator)) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = idleLabel;
    button.setAttribute("aria-live", "polite");
    button.addEventListener("click", () => {
      const text = pre.textContent;
      navigator.clipboard.writeText(text).then(
        () => (button.textContent = "Copied"),
        () => (button.textContent = "Copy failed"),
      );
      window.setTimeout(() => (button.textContent = idleLabel), 2000);
    });
    frame.append(button);
  }
}

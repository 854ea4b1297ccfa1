/** True for ⌘K on Apple keyboards and Ctrl+K elsewhere. */
export function isSearchShortcut(event: Pick<KeyboardEvent, "key" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey">) {
  return event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
}

/** The search panel's code loads on first use: the header button or ⌘K / Ctrl+K. */
export function initSearchTrigger() {
  if (/Mac|iPhone|iPad/.test(navigator.platform)) {
    for (const label of document.querySelectorAll("[data-shortcut-label]")) label.textContent = "⌘K";
  }
  let opener: HTMLElement | null = null;
  const open = async () => {
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const island = await import("./search-island.tsx");
    island.openSearch({ returnFocusTo: opener });
  };
  document.addEventListener("click", (event) => {
    if ((event.target as Element | null)?.closest("[data-search-open]")) void open();
  });
  document.addEventListener("keydown", (event) => {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    void open();
  });
}

import { applyColorMode, colorModeStorageKey, forcedSystemWarning, isColorModePreference } from "../lib/color-mode.ts";

function repaint() {
  applyColorMode(colorModeStorageKey, document.documentElement.dataset.forceColorMode ?? null, forcedSystemWarning);
  const current = document.documentElement.dataset.colorModePreference ?? "system";
  for (const button of document.querySelectorAll<HTMLElement>("[data-color-mode-set]")) {
    button.setAttribute("aria-pressed", String(button.dataset.colorModeSet === current));
  }
}

/** The light / dark / system menu: stores the choice and repaints at once, in every open tab. */
export function initColorModeSwitch() {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("[data-color-mode-set]");
    const value = button?.dataset.colorModeSet;
    if (!button || !isColorModePreference(value)) return;
    try {
      localStorage.setItem(colorModeStorageKey, value);
    } catch {
      // Without storage the choice lasts for this page only.
    }
    repaint();
  });
  window.addEventListener("storage", (event) => {
    if (event.key === colorModeStorageKey) repaint();
  });
  repaint();
}

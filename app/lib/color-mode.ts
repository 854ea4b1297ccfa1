/** Spec §2 "Colour mode". The key is kept from the earlier product so returning visitors keep their choice. */
export const colorModeStorageKey = "nuxt-color-mode";
const colorModePreferences = ["system", "light", "dark"] as const;
export type ColorModePreference = (typeof colorModePreferences)[number];
export type ColorMode = "light" | "dark";

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return typeof value === "string" && (colorModePreferences as readonly string[]).includes(value);
}

export const forcedSystemWarning =
  'Colour mode: a page cannot force "system"; the visitor\'s own preference is used instead.';

/**
 * Decides the mode to paint. It runs in the document head before first paint, so it
 * must stay self-contained: it is serialized with `toString()` into an inline script.
 */
export function applyColorMode(storageKey: string, forced: string | null, warning: string): void {
  const root = document.documentElement;
  let preference = "system";
  try {
    preference = localStorage.getItem(storageKey) || "system";
  } catch {
    // Storage can be blocked (private mode, policies); the system setting still applies.
  }
  if (forced === "system" && root.dataset.colorModeWarned !== "true") {
    root.dataset.colorModeWarned = "true";
    console.warn(warning);
  }
  const chosen = forced === "light" || forced === "dark" ? forced : preference;
  const dark = chosen === "dark" || (chosen !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.add("js");
  root.classList.toggle("dark", dark);
  root.classList.toggle("light", !dark);
  root.dataset.colorModePreference = preference === "light" || preference === "dark" ? preference : "system";
}

/** The inline head script: applies the mode now, and again whenever the system setting changes. */
export function colorModeScript(): string {
  const args = `${JSON.stringify(colorModeStorageKey)},document.documentElement.dataset.forceColorMode||null,${JSON.stringify(forcedSystemWarning)}`;
  return `(function(){var a=${applyColorMode.toString()};a(${args});matchMedia("(prefers-color-scheme: dark)").addEventListener("change",function(){a(${args})})})()`;
}

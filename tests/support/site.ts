import type { Page } from "@playwright/test";

import { formNames } from "../../content/schema.ts";

export { publicPaths } from "../../shared/public-paths.ts";

/** The public pages with a form, whose ticket is filled in as they are served (ADR 028). */
export const formPaths: ReadonlySet<string> = new Set(Object.values(formNames));

export const titleSuffix = " · Densara Bone Density Systems";
export const colorModeStorageKey = "nuxt-color-mode";
export type ColorModePreference = "light" | "dark" | "system";

export const desktopViewport = { width: 1280, height: 800 };
export const mobileViewport = { width: 375, height: 812 };

/** Stores a colour-mode preference before any page script runs, on every navigation of the page. */
export async function presetColorMode(page: Page, preference: ColorModePreference): Promise<void> {
  await page.addInitScript(
    ({ key, value }) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // about:blank and opaque origins have no storage.
      }
    },
    { key: colorModeStorageKey, value: preference },
  );
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  colorModeStorageKey,
  desktopViewport,
  mobileViewport,
  publicPaths,
  type ColorModePreference,
} from "../support/site.ts";

test.use({ viewport: desktopViewport, colorScheme: "light" });

/** Stores the preference and reloads, so the head script paints the page as a returning visitor sees it. */
async function switchColorMode(page: Page, preference: ColorModePreference): Promise<void> {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: colorModeStorageKey,
    value: preference,
  });
  await page.reload();
  if (preference === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

test.describe("axe: WCAG 2.2 AA", () => {
  for (const path of publicPaths) {
    test(`${path} in light and dark mode`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await test.step("light", () => expectNoAxeViolations(page));
      await switchColorMode(page, "dark");
      await test.step("dark", () => expectNoAxeViolations(page));
    });
  }

  test.describe("error screen", () => {
    test.use({ allowedConsoleError: /Failed to load resource: the server responded with a status of 404/ });

    test("the 404 page in light and dark mode", async ({ page }) => {
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await test.step("light", () => expectNoAxeViolations(page));
      await switchColorMode(page, "dark");
      await test.step("dark", () => expectNoAxeViolations(page));
    });
  });

  test("dark mode from the system setting", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/products/v5");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectNoAxeViolations(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: mobileViewport });

    test("with the mobile panel and a group open, in light and dark mode", async ({ page }) => {
      await page.goto("/health-conditions");
      for (const mode of ["light", "dark"] as const) {
        if (mode === "dark") await switchColorMode(page, "dark");
        await page.getByRole("button", { name: "Open menu", exact: true }).click();
        const panel = page.locator("#mobile-panel");
        await expect(panel).toBeVisible();
        await panel.locator("summary", { hasText: "Products" }).click();
        await expect(panel.getByRole("link", { name: "v5" })).toBeVisible();
        await test.step(mode, () => expectNoAxeViolations(page));
      }
    });
  });

  test("with the search dialog open and showing results, in light and dark mode", async ({ page }) => {
    await page.goto("/");
    for (const mode of ["light", "dark"] as const) {
      if (mode === "dark") await switchColorMode(page, "dark");
      await page.keyboard.press("Control+k");
      const dialog = page.getByRole("dialog", { name: "Search the site", exact: true });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("combobox").fill("diabetes");
      await expect(dialog.getByRole("option").first()).toBeVisible();
      await test.step(mode, () => expectNoAxeViolations(page));
    }
  });

  test("with a header popover and the colour-mode menu open", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("banner").getByRole("button", { name: "About", exact: true }).click();
    await expect(page.locator('[popover]:popover-open a[href="/about/faq"]')).toBeVisible();
    await test.step("navigation popover", () => expectNoAxeViolations(page));
    await page.getByRole("button", { name: "Color mode", exact: true }).click();
    await expect(page.locator('[data-color-mode-set="dark"]')).toBeVisible();
    await test.step("colour-mode menu", () => expectNoAxeViolations(page));
  });
});

test.describe("keyboard", () => {
  test("the first Tab focuses the skip link, which moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content", exact: true });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box?.width, "the focused skip link is visible, not a 1px sr-only box").toBeGreaterThan(20);
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
    expect(new URL(page.url()).hash).toBe("#main");
  });

  test("the skip link also comes first on a phone", async ({ page }) => {
    await page.setViewportSize(mobileViewport);
    await page.goto("/products");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content", exact: true })).toBeFocused();
  });
});

import type { Locator, Page } from "@playwright/test";
import { cssColorLuminance, screenshotLuminance } from "../support/color.ts";
import { expect, test } from "../support/fixtures.ts";
import { colorModeStorageKey, desktopViewport, presetColorMode, type ColorModePreference } from "../support/site.ts";

test.use({ viewport: desktopViewport, colorScheme: "light" });

const html = (page: Page) => page.locator("html");

async function chooseColorMode(page: Page, label: "System" | "Light" | "Dark"): Promise<Locator> {
  await page.getByRole("button", { name: "Color mode", exact: true }).click();
  const option = page.getByRole("button", { name: label, exact: true });
  await expect(option).toBeVisible();
  await option.click();
  return option;
}

async function storedPreference(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), colorModeStorageKey);
}

async function bodyLuminance(page: Page): Promise<number> {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return cssColorLuminance(page, background);
}

test.describe("colour mode menu", () => {
  test("offers System, Light and Dark, with the stored choice pressed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Color mode", exact: true }).click();
    const options = page.locator("[data-color-mode-set]");
    await expect(options).toHaveText(["System", "Light", "Dark"]);
    await expect(page.locator('[data-color-mode-set="system"]')).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('[data-color-mode-set="dark"]')).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator('[data-color-mode-set="light"]')).toHaveAttribute("aria-pressed", "false");
  });

  test("choosing Dark paints the page dark at once and persists across reloads and pages", async ({ page }) => {
    await page.goto("/");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await bodyLuminance(page)).toBeGreaterThan(0.5);

    const dark = await chooseColorMode(page, "Dark");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(dark).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Light", exact: true })).toHaveAttribute("aria-pressed", "false");
    expect(await storedPreference(page)).toBe("dark");
    await expect.poll(() => bodyLuminance(page)).toBeLessThan(0.1);

    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.goto("/products/v5");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.locator('[data-color-mode-set="dark"]')).toHaveAttribute("aria-pressed", "true");
  });

  test("choosing Light after Dark paints the page light again and is stored", async ({ page }) => {
    await presetColorMode(page, "dark");
    await page.goto("/about");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await chooseColorMode(page, "Light");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await storedPreference(page)).toBe("light");
  });

  test("a choice made in one tab repaints another open tab", async ({ page, context }) => {
    await page.goto("/");
    const other = await context.newPage();
    await other.goto("/research");
    await expect(html(other)).not.toHaveClass(/\bdark\b/);
    await chooseColorMode(page, "Dark");
    await expect(html(other)).toHaveClass(/\bdark\b/);
    await other.close();
  });
});

test.describe("no flash of the wrong colour mode", () => {
  for (const preference of ["dark", "light"] as const satisfies readonly ColorModePreference[]) {
    test(`a stored "${preference}" preference is painted before the page's scripts run`, async ({ page }) => {
      await presetColorMode(page, preference);
      // Record the class when the parser reaches <body> and at DOMContentLoaded.
      await page.addInitScript(() => {
        const record = (name: string) => {
          const store = window as unknown as Record<string, boolean | undefined>;
          store[name] ??= document.documentElement.classList.contains("dark");
        };
        new MutationObserver((_records, observer) => {
          if (document.querySelector("body")) {
            record("__darkAtBody");
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
        document.addEventListener("DOMContentLoaded", () => record("__darkAtDomContentLoaded"));
      });
      // Take the enhancement script away: whatever paints the first frame must be in the document itself.
      await page.route(/\/assets\/enhance-site-[^/]*\.js$/, (route) =>
        route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
      );
      await page.goto("/", { waitUntil: "domcontentloaded" });
      const dark = preference === "dark";
      const recorded = await page.evaluate(() => {
        const store = window as unknown as Record<string, boolean | undefined>;
        return { atBody: store.__darkAtBody, atDomContentLoaded: store.__darkAtDomContentLoaded };
      });
      expect(recorded).toEqual({ atBody: dark, atDomContentLoaded: dark });

      const shot = await page.screenshot();
      const luminance = await screenshotLuminance(page, shot);
      if (dark) expect(luminance, "mean luminance of the first screenshot").toBeLessThan(0.15);
      else expect(luminance, "mean luminance of the first screenshot").toBeGreaterThan(0.5);
    });
  }
});

test.describe("system preference", () => {
  test("follows prefers-color-scheme live, without a reload", async ({ page }) => {
    await presetColorMode(page, "system");
    await page.goto("/");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => navigations.push(frame.url()));

    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect.poll(() => bodyLuminance(page)).toBeLessThan(0.1);

    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect.poll(() => bodyLuminance(page)).toBeGreaterThan(0.5);
    expect(navigations, "the page did not reload").toEqual([]);
  });

  test("choosing System after Dark returns to the system setting", async ({ page }) => {
    await presetColorMode(page, "dark");
    await page.goto("/");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    const system = await chooseColorMode(page, "System");
    await expect(system).toHaveAttribute("aria-pressed", "true");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await storedPreference(page)).toBe("system");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });

  test("an explicit Light choice ignores a dark system setting", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await presetColorMode(page, "light");
    await page.goto("/");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(page.locator('[data-color-mode-set="light"]')).toHaveAttribute("aria-pressed", "true");
  });
});

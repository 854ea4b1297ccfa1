import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { mobileViewport } from "../support/site.ts";

test.use({ viewport: mobileViewport });

function openButton(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: "Open menu", exact: true });
}

function panel(page: Page): Locator {
  return page.locator("#mobile-panel");
}

async function openPanel(page: Page): Promise<Locator> {
  await openButton(page).click();
  await expect(panel(page)).toBeVisible();
  return panel(page);
}

/** Checks shared by the enhanced page and the page without JavaScript. */
function panelBehaviour() {
  test("the desktop navigation is hidden; Open menu shows the groups, the top-level links and Sign in", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toHaveCount(0);
    await expect(panel(page)).toBeHidden();
    await expect(panel(page)).toHaveAttribute("popover");

    const menu = await openPanel(page);
    await expect(page.getByRole("dialog", { name: "Site menu", exact: true })).toBeVisible();
    await expect(menu.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
    await expect(menu.locator("details > summary")).toHaveText(["About", "Health", "Products"]);
    for (const [name, href] of [
      ["Research", "/research"],
      ["Testimonials", "/testimonials"],
      ["Locations", "/locations"],
    ] as const) {
      const link = menu.locator("nav > ul > li > a").filter({ hasText: name });
      await expect(link).toHaveCount(1);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", href);
    }
    const signIn = menu.getByRole("link", { name: "Sign in", exact: true });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("href", /^\/auth\/login/);
  });

  test("a group opens to show its links", async ({ page }) => {
    await page.goto("/");
    const menu = await openPanel(page);
    const products = menu.locator("details").filter({ has: page.locator("summary", { hasText: "Products" }) });
    const v5 = products.getByRole("link", { name: "v5" });
    await expect(v5).toBeHidden();
    await products.locator("summary").click();
    await expect(products).toHaveAttribute("open");
    await expect(v5).toBeVisible();
    await expect(v5).toHaveAttribute("href", "/products/v5");
    await expect(products.getByRole("link", { name: "v4" })).toHaveAttribute("href", "/products/v4");
  });

  test("the group of the current page starts open with the page marked current", async ({ page }) => {
    await page.goto("/health-conditions/bone-health");
    const menu = await openPanel(page);
    const health = menu.locator("details").filter({ has: page.locator("summary", { hasText: "Health" }) });
    await expect(health).toHaveAttribute("open");
    await expect(health.getByRole("link", { name: "Bone Health" })).toHaveAttribute("aria-current", "page");
  });

  test("Close menu and Escape close it", async ({ page }) => {
    await page.goto("/");
    const menu = await openPanel(page);
    await menu.getByRole("button", { name: "Close menu", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(openButton(page)).toBeVisible();
    await openPanel(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("following a link opens the page with the menu closed", async ({ page }) => {
    await page.goto("/");
    const menu = await openPanel(page);
    await menu.locator("nav > ul > li > a", { hasText: "Testimonials" }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(panel(page)).toBeHidden();
    await expect(openButton(page)).toBeVisible();
  });
}

test.describe("mobile panel", () => {
  panelBehaviour();

  test("the header shows the search and colour-mode buttons with JavaScript", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Color mode", exact: true })).toBeVisible();
  });

  test("focus goes into the menu when it opens, and back to Open menu when it closes", async ({ page }) => {
    await page.goto("/");
    await openButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
  });

  test("going back after following a link shows the previous page with the menu closed", async ({ page }) => {
    await page.goto("/about");
    const menu = await openPanel(page);
    await menu.locator("nav > ul > li > a", { hasText: "Locations" }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel(page)).toBeHidden();
  });
});

test.describe("mobile panel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  panelBehaviour();

  test("controls that need JavaScript are hidden", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: "Color mode", exact: true })).toBeHidden();
  });
});

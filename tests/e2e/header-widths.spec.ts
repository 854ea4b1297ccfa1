import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { signInAsAdmin } from "../support/pages.ts";
import { presetColorMode } from "../support/site.ts";

/**
 * The header at the widths people use (a phone, a tablet, a small laptop, a desktop):
 * the made-in-USA badge beside the logo (spec §2, header navigation), and every
 * top-level navigation link reachable, in the bar or in the menu.
 */

const widths = [375, 800, 1100, 1440] as const;

/** Spec §2: the header's groups and top-level links. */
const groups = ["About", "Health", "Products"] as const;
const links = [
  ["Research", "/research"],
  ["Testimonials", "/testimonials"],
  ["Locations", "/locations"],
] as const;

function banner(page: Page): Locator {
  return page.getByRole("banner");
}

/** What the enhancement module learnt from /auth/session, on the bar's controls. */
async function sessionKnown(page: Page, state: "signed-in" | "signed-out"): Promise<void> {
  await expect(page.locator('[data-session="desktop"]')).toHaveAttribute("data-session-state", state);
}

for (const mode of ["light", "dark"] as const) {
  test.describe(`the made-in-USA badge, ${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await presetColorMode(page, mode);
    });

    for (const width of [320, ...widths]) {
      test(`sits beside the logo, visible and uncovered, at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/about");
        await sessionKnown(page, "signed-out");
        const bar = banner(page);
        const badge = bar.getByRole("img", { name: "Made in USA", exact: true });
        // One form shows at a time (whole, or compact where room is short), named the same.
        await expect(badge).toHaveCount(1);
        await expect(badge).toBeVisible();
        const home = bar.getByRole("link", { name: "Densara home", exact: true });

        const [barBox, badgeBox, logoBox] = await Promise.all([
          bar.boundingBox(),
          badge.boundingBox(),
          home.boundingBox(),
        ]);
        if (!barBox || !badgeBox || !logoBox) throw new Error("the header, badge or logo has no box");
        // Inside the bar, in its left part, just after the logo and level with it.
        expect(badgeBox.y).toBeGreaterThanOrEqual(barBox.y);
        expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(barBox.y + barBox.height);
        // In the bar's left part: starting in its left half, ending before the controls on its right.
        expect(badgeBox.x, "in the left half of the bar").toBeLessThan(barBox.x + barBox.width / 2);
        const search = await bar.locator("[data-search-open]").boundingBox();
        if (!search) throw new Error("the search button has no box");
        expect(badgeBox.x + badgeBox.width, "before the controls on the right").toBeLessThanOrEqual(search.x);
        expect(badgeBox.x, "after the logo").toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
        expect(badgeBox.x - (logoBox.x + logoBox.width), "beside the logo").toBeLessThanOrEqual(16);
        const logoMiddle = logoBox.y + logoBox.height / 2;
        expect(badgeBox.y).toBeLessThan(logoMiddle);
        expect(badgeBox.y + badgeBox.height).toBeGreaterThan(logoMiddle);
        // Legible: drawn at least 24 px tall, its words at the size the design gives them.
        expect(badgeBox.height).toBeGreaterThanOrEqual(24);
        expect(badgeBox.width).toBeGreaterThanOrEqual(56);

        // Nothing is drawn over it: the topmost element at each corner's inside and the middle is the badge.
        const points = [
          [badgeBox.x + 3, badgeBox.y + badgeBox.height / 2],
          [badgeBox.x + badgeBox.width / 2, badgeBox.y + badgeBox.height / 2],
          [badgeBox.x + badgeBox.width - 3, badgeBox.y + badgeBox.height / 2],
        ] as const;
        const covered = await badge.evaluate(
          (svg, at) =>
            at.filter(([x, y]) => {
              const top = document.elementFromPoint(x, y);
              return !top || !svg.contains(top);
            }).length,
          points,
        );
        expect(covered, "points of the badge under another element").toBe(0);

        // The bar itself never scrolls sideways.
        const overflow = await bar
          .locator("> div")
          .first()
          .evaluate((inner) => inner.scrollWidth - inner.clientWidth);
        expect(overflow, `header overflow at ${width} px`).toBeLessThanOrEqual(0);
      });
    }
  });
}

/**
 * Each link is either in the bar, visible, or in the menu once Open menu is pressed;
 * when the bar shows the navigation, the menu button is not needed for it.
 */
async function expectNavigationReachable(page: Page, extra: readonly string[]): Promise<void> {
  const bar = banner(page);
  const mainNav = bar.getByRole("navigation", { name: "Main", exact: true });
  const openMenu = bar.getByRole("button", { name: "Open menu", exact: true });
  const inBar = await mainNav.isVisible();
  if (inBar) {
    for (const group of groups) await expect(mainNav.getByRole("button", { name: group, exact: true })).toBeVisible();
    for (const [name, href] of links) {
      await expect(mainNav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      await expect(mainNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
  }
  // What the bar does not show is in the menu.
  const hiddenExtras: string[] = [];
  for (const name of extra) {
    const control = bar
      .locator('[data-session="desktop"]')
      .getByRole(name === "Sign out" ? "button" : "link", { name: new RegExp(`^${name}`) });
    if (!(await control.isVisible())) hiddenExtras.push(name);
  }
  if (inBar && hiddenExtras.length === 0) return;

  await expect(openMenu).toBeVisible();
  await openMenu.click();
  const panel = page.getByRole("dialog", { name: "Site menu", exact: true });
  await expect(panel).toBeVisible();
  const panelNav = panel.getByRole("navigation", { name: "Main", exact: true });
  if (!inBar) {
    await expect(panelNav.locator("details > summary")).toHaveText([...groups]);
    for (const [name, href] of links) {
      const link = panelNav.locator(":scope > ul > li > a").filter({ hasText: name });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", href);
    }
  }
  for (const name of hiddenExtras) {
    await expect(
      panel.getByRole(name === "Sign out" ? "button" : "link", { name: new RegExp(`^${name}`) }),
    ).toBeVisible();
  }
  await panel.getByRole("button", { name: "Close menu", exact: true }).click();
  await expect(panel).toBeHidden();
}

test.describe("every top-level navigation link is reachable", () => {
  for (const width of widths) {
    test(`signed out, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      await sessionKnown(page, "signed-out");
      await expectNavigationReachable(page, ["Sign in"]);
    });

    test(`signed in (Docs, Dashboard and Sign out too), at ${width} px`, async ({ page }) => {
      await signInAsAdmin(page, "/dashboard");
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      await sessionKnown(page, "signed-in");
      await expectNavigationReachable(page, ["Docs", "Dashboard", "Sign out"]);
    });
  }

  test("from 1024 to 1279 px a signed-in person's controls move to the menu, and come back at 1280 px", async ({
    page,
  }) => {
    await signInAsAdmin(page, "/dashboard");
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto("/about");
    await sessionKnown(page, "signed-in");
    const bar = banner(page);
    const desktopSession = bar.locator('[data-session="desktop"]');
    await expect(bar.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
    await expect(desktopSession.getByRole("link", { name: "Docs", exact: true })).toBeHidden();
    await expect(bar.getByRole("button", { name: "Open menu", exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(desktopSession.getByRole("link", { name: "Docs", exact: true })).toBeVisible();
    await expect(desktopSession.getByRole("button", { name: "Sign out", exact: true })).toBeInViewport({ ratio: 1 });
    await expect(bar.getByRole("button", { name: "Open menu", exact: true })).toBeHidden();
  });
});
